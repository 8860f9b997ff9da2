"""Yoga (poga) and Taffy (stretchable) computing the peers' grid: N items of 100×100 in a
wrapping row container 1000 wide with gap 10. Compute time only (the tree is built first).
Usage: python peers.py N [N ...]  → one JSON object {"yoga_N": seconds, "taffy_N": seconds}."""
import json
import sys
import time

RUNS = 3


def best(build, compute):
    result = float("inf")
    for _ in range(RUNS):
        tree = build()
        start = time.perf_counter()
        compute(tree)
        result = min(result, time.perf_counter() - start)
    return result


def yoga(n):
    import poga
    from poga.libpoga_capi import YGFlexDirection, YGWrap, YGGutter, YGDirection

    def build():
        lib = poga.libpoga_capi
        root = lib.YGNodeNew()
        lib.YGNodeStyleSetFlexDirection(root, YGFlexDirection.YGFlexDirectionRow)
        lib.YGNodeStyleSetFlexWrap(root, YGWrap.YGWrapWrap)
        lib.YGNodeStyleSetWidth(root, 1000)
        lib.YGNodeStyleSetGap(root, YGGutter.YGGutterAll, 10)
        for i in range(n):
            child = lib.YGNodeNew()
            lib.YGNodeStyleSetWidth(child, 100)
            lib.YGNodeStyleSetHeight(child, 100)
            lib.YGNodeInsertChild(root, child, i)
        return root

    def compute(root):
        poga.libpoga_capi.YGNodeCalculateLayout(root, float("nan"), float("nan"), YGDirection.YGDirectionLTR)

    return best(build, compute)


def taffy(n):
    from stretchable import Node, Edge
    from stretchable.style import FlexDirection, FlexWrap, LengthPoints

    def build():
        root = Node(flex_direction=FlexDirection.ROW, flex_wrap=FlexWrap.WRAP,
                    size=(LengthPoints(1000), None), gap=10)
        for _ in range(n):
            root.append(Node(size=(LengthPoints(100), LengthPoints(100))))
        return root

    def compute(root):
        root.compute_layout()

    return best(build, compute)


figures = {}
for name, peer in (("yoga", yoga), ("taffy", taffy)):
    for n in map(int, sys.argv[1:]):
        try:
            figures[f"{name}_{n}"] = peer(n)
        except Exception as error:  # an API this script does not know: reported, not fatal
            figures[f"{name}_error"] = f"{type(error).__name__}: {error}"
            break
print(json.dumps(figures))
