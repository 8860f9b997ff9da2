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
        start = time.thread_time()  # CPU time, as the rest of Scripts/bench
        compute(tree)
        result = min(result, time.thread_time() - start)
    return result


def yoga(n):
    """poga binds Yoga's C API without gaps: a 10-point right and bottom margin on every item
    in a container 10 points wider packs the same 9 items a line (9 × 110 ≤ 1010 < 10 × 110)."""
    import poga.libpoga_capi as yg

    def build():
        root = yg.YGNodeNew()
        yg.YGNodeStyleSetFlexDirection(root, yg.YGFlexDirection.Row)
        yg.YGNodeStyleSetFlexWrap(root, yg.YGWrap.Wrap)
        yg.YGNodeStyleSetWidth(root, 1010)
        children = []
        for i in range(n):
            child = yg.YGNodeNew()
            yg.YGNodeStyleSetWidth(child, 100)
            yg.YGNodeStyleSetHeight(child, 100)
            yg.YGNodeStyleSetMargin(child, yg.YGEdge.Right, 10)
            yg.YGNodeStyleSetMargin(child, yg.YGEdge.Bottom, 10)
            yg.YGNodeInsertChild(root, child, i)
            children.append(child)
        return root, children

    def compute(tree):
        yg.YGNodeCalculateLayout(tree[0], float("nan"), float("nan"), yg.YGDirection.LTR)

    return best(build, compute)


def taffy(n):
    from stretchable import Node, Style
    from stretchable.style import FlexDirection, FlexWrap

    item = Style(size=(100, 100))  # one style for every item: building a Style is slow

    def build():
        return Node(*[Node(style=item) for _ in range(n)], flex_direction=FlexDirection.ROW,
                    flex_wrap=FlexWrap.WRAP, size=(1000, None), gap=10)

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
