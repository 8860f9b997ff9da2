import LayoutEngine
import TestExpectations
import Testing

/// A delegate with the guide's edit menu: shown on every item but item 3, offering what
/// `allowed` holds, recording every call.
private final class MenuDelegate: CollectionViewDelegate {
    var calls: [String] = []
    var allowed: Set<String> = ["copy"]
    var actions = HeadlessCollectionView.standardMenuActions

    private func name(_ name: String, _ path: LayoutIndexPath?) -> String {
        name + (path.map { "[\($0.section), \($0.item)]" } ?? "")
    }
    func shouldShowMenuForItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath) throws -> Bool {
        calls.append(name("shouldShowMenuForItem", indexPath))
        return indexPath.item != 3
    }
    var menuActions: [String] { actions }
    func canPerformAction(_ view: HeadlessCollectionView, action: String, at indexPath: LayoutIndexPath) throws -> Bool
    {
        calls.append(name("canPerformAction(\(action))", indexPath))
        return allowed.contains(action)
    }
    func performAction(_ view: HeadlessCollectionView, action: String, at indexPath: LayoutIndexPath) throws {
        calls.append(name("performAction(\(action))", indexPath))
        if action == "copy" { view.pasteboard = view.context.data.item(at: indexPath) }
    }
    func didLongPress(_ view: HeadlessCollectionView, point: TouchPoint) throws {
        calls.append(name("didLongPress", point.indexPath))
    }
    func didSelectItem(_ view: HeadlessCollectionView, at indexPath: LayoutIndexPath, point: TouchPoint) throws {
        calls.append(name("didSelectItem", indexPath))
    }
}

/// Six items "a"…"f" in the test grid (cell i centred at 60 + 110·(i mod 2), 60 + 110·(i div 2)).
private func menuView(_ delegate: MenuDelegate) throws -> HeadlessCollectionView {
    var context = headlessContext(items: 6)
    context.data = CollectionData(sections: [.init(items: ["a", "b", "c", "d", "e", "f"].map { .string($0) })])
    let view = try HeadlessCollectionView(layout: TestLayout(), context: context)
    view.delegate = delegate
    return view
}

@Suite("Headless view: edit menu")
struct HeadlessEditMenuTests {
    @Test func aLongPressShowsTheActionsTheDelegateAllows() throws {
        let delegate = MenuDelegate()
        let view = try menuView(delegate)
        // Item 2's centre (60, 170): the menu asks each of cut, copy, paste in order; only copy
        // is allowed, so the menu shows ["copy"] and didLongPress is not called.
        try view.longPress(at: try view.touchPoint(viewport: gridCentre(2)))
        expect(
            delegate.calls == [
                "shouldShowMenuForItem[0, 2]", "canPerformAction(cut)[0, 2]", "canPerformAction(copy)[0, 2]",
                "canPerformAction(paste)[0, 2]",
            ])
        expectEqual(view.menu, .init(indexPath: LayoutIndexPath(0, 2), actions: ["copy"]))
        expect(view.highlightedItems.isEmpty)
        // Choosing copy closes the menu, then performAction puts item 2's payload "c" on the pasteboard.
        delegate.calls = []
        try view.performMenuAction("copy")
        expectEqual(delegate.calls, ["performAction(copy)[0, 2]"])
        expect(view.menu == nil)
        expectEqual(view.pasteboard, .string("c"))
    }

    @Test func theMenuOffersTheDelegatesActionsInItsOrder() throws {
        let delegate = MenuDelegate()
        delegate.actions = ["share", "copy", "delete"]
        delegate.allowed = ["delete", "share"]
        let view = try menuView(delegate)
        try view.longPress(at: try view.touchPoint(viewport: gridCentre(0)))
        // The menu keeps menuActions' order, not `allowed`'s.
        expectEqual(view.menu?.actions, ["share", "delete"])
        // An action the menu does not show is refused; the menu stays.
        #expect(throws: LayoutError.self) { try view.performMenuAction("copy") }
        expect(view.menu != nil)
    }

    @Test func withoutAMenuTheLongPressIsTheHosts() throws {
        let delegate = MenuDelegate()
        let view = try menuView(delegate)
        // Item 3 (170, 170): shouldShowMenuForItem answers false, so didLongPress runs.
        try view.longPress(at: try view.touchPoint(viewport: gridCentre(3)))
        expectEqual(delegate.calls, ["shouldShowMenuForItem[0, 3]", "didLongPress[0, 3]"])
        expect(view.menu == nil)
        // On empty space (5, 5) nothing is asked: didLongPress with no item.
        delegate.calls = []
        try view.longPress(at: try view.touchPoint(viewport: Point(x: 5, y: 5)))
        expectEqual(delegate.calls, ["didLongPress"])
        // Shown, but no action allowed: no menu, and still no didLongPress.
        delegate.calls = []
        delegate.allowed = []
        try view.longPress(at: try view.touchPoint(viewport: gridCentre(1)))
        expectEqual(delegate.calls.last, "canPerformAction(paste)[0, 1]")
        expect(view.menu == nil)
    }

    @Test func aTapElsewhereClosesTheMenuAndIsATap() throws {
        let delegate = MenuDelegate()
        let view = try menuView(delegate)
        try view.longPress(at: try view.touchPoint(viewport: gridCentre(0)))
        expect(view.menu != nil)
        _ = view.takeEvents()
        delegate.calls = []
        // A tap on item 5 closes the menu (logged first), then selects item 5 as any tap does.
        try view.tapItem(5)
        expect(view.menu == nil)
        expectEqual(view.takeEvents().first, .editMenu(LayoutIndexPath(0, 0), actions: nil))
        expectEqual(delegate.calls, ["didSelectItem[0, 5]"])
        #expect(throws: LayoutError.self) { try view.performMenuAction("copy") }
    }

    @Test func withoutADelegateThereIsNoMenu() throws {
        let view = try HeadlessCollectionView(layout: TestLayout(), context: headlessContext(items: 6))
        try view.longPress(at: try view.touchPoint(viewport: gridCentre(0)))
        expect(view.menu == nil)
    }
}
