/// The edit menu a long press opens (UIMenuController's cut, copy and paste), and the host's
/// pasteboard its actions use.
extension HeadlessCollectionView {
    /// UIMenuController's standard edit actions a collection view offers.
    package static let standardMenuActions = ["cut", "copy", "paste"]

    /// The edit menu shown: on which item, with which actions, in order.
    package struct EditMenu: Sendable, Equatable {
        package var indexPath: LayoutIndexPath
        package var actions: [String]

        package init(indexPath: LayoutIndexPath, actions: [String]) {
            self.indexPath = indexPath
            self.actions = actions
        }
    }

    /// Closes the edit menu (logged when it was open).
    package func closeMenu() {
        guard let shown = menu else { return }
        menu = nil
        events.append(.editMenu(shown.indexPath, actions: nil))
    }

    /// The user chose `action` in the menu: it closes, then the delegate's performAction runs
    /// for the menu's item. Throws when no menu is shown or it does not offer `action`.
    package func performMenuAction(_ action: String) throws {
        guard let shown = menu else { throw LayoutError("no edit menu is shown") }
        guard shown.actions.contains(action) else {
            throw LayoutError("the edit menu shows \(shown.actions.joined(separator: ", ")), not \(action)")
        }
        closeMenu()
        try tell("performAction(\(action))", shown.indexPath) {
            try $0.performAction(self, action: action, at: shown.indexPath)
        }
    }
}
