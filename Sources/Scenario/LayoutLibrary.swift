import LayoutEngine
import ScriptLayout

/// The layouts the command line names (`--layout NAME=FILE`, on `simulate`, `watch` and in a
/// test's `-- options:`), which scenarios and controllers begin interactive transitions to by
/// name: `beginTransition(NAME [, TRANSITION])`, UIKit's `startInteractiveTransition(to:)` from a
/// gesture handler. So a controller still opens no files: the user named them.
///
/// A file is a layout, or a transition script (`attributes(cv, a, from, to, progress)`,
/// `animatedKeys`: a UICollectionViewTransitionLayout subclass), which only TRANSITION may name.
/// Without TRANSITION the arriving layout's own `transitionLayout` bends the transition, if it
/// has one. Each begin loads the layout afresh from its file (as the scenario's file form does),
/// so a layout is never the old and the new one at once.
package final class LayoutLibrary {
    /// One `--layout NAME=FILE`.
    package struct Entry: Sendable, Equatable {
        package var name: String
        package var path: String

        package init(name: String, path: String) {
            self.name = name
            self.path = path
        }
    }

    enum Kind { case layout, transition }

    private let entries: [String: (path: String, kind: Kind)]
    private let options: ScriptLayout.Options
    /// Every layout and transition script loaded so far, kept alive while a transition uses them.
    private var loaded: [AnyObject] = []
    /// The files read so far (each entry's, with the modules it required).
    package private(set) var loadedFiles: [String] = []
    /// The misspelling warnings of the layouts, once each.
    package private(set) var warnings: [String] = []

    /// Loads every entry once, to tell its kind and to report its errors before anything runs.
    package init(_ list: [Entry], options: ScriptLayout.Options) throws(ScriptError) {
        self.options = options
        var entries: [String: (path: String, kind: Kind)] = [:]
        for entry in list {
            guard entries[entry.name] == nil else {
                throw ScriptError(
                    kind: .file, message: "--layout \(entry.name)=…: the name \(entry.name) is given twice")
            }
            do {
                let layout = try ScriptLayout(file: entry.path, options: options)
                entries[entry.name] = (entry.path, .layout)
                warnings += layout.warnings
                loadedFiles += layout.loadedFiles
            } catch let error where error.message.hasSuffix(ScriptLayout.notALayout) {
                // Not a layout: a transition script, or an error that says what is wrong with it.
                let script = try TransitionScript(file: entry.path, limits: options.limits)
                entries[entry.name] = (entry.path, .transition)
                loadedFiles += [entry.path] + script.loadedFiles
            }
        }
        self.entries = entries
    }

    package var names: [String] { entries.keys.sorted() }

    /// The layout named `name` (loaded afresh) and what bends the transition to it: the
    /// transition script named `transition`, else the layout's own `transitionLayout`.
    func transition(
        to name: String, bending transition: String?, function: String
    ) throws -> (layout: ScriptLayout, bending: TransitionScript?) {
        guard let entry = entries[name] else { throw unknown(name, function) }
        guard entry.kind == .layout else {
            throw SimulationError(
                "\(function)(\"\(name)\"): \(entry.path) is a transition script: name the layout to go to first, the transition second"
            )
        }
        let layout = try ScriptLayout(file: entry.path, options: options)
        loaded.append(layout)
        var bending: TransitionScript?
        if let transition {
            guard let script = entries[transition] else { throw unknown(transition, function) }
            guard script.kind == .transition else {
                throw SimulationError(
                    "\(function)(\"\(name)\", \"\(transition)\"): \(script.path) is a layout, not a transition script")
            }
            bending = try TransitionScript(file: script.path, limits: options.limits)
        } else {
            bending = try layout.providedTransition()
        }
        if let bending { loaded.append(bending) }
        return (layout, bending)
    }

    /// A name begun without any `--layout` on the command line.
    static func noNames(_ name: String, _ function: String) -> SimulationError {
        SimulationError(
            "\(function)(\"\(name)\"): no layout is named \(name) (the command line names them with --layout NAME=FILE; none were given)"
        )
    }

    private func unknown(_ name: String, _ function: String) -> SimulationError {
        let known = names.isEmpty ? "none were given" : "given: " + names.joined(separator: ", ")
        return SimulationError(
            "\(function)(\"\(name)\"): no layout is named \(name) (the command line names them with --layout NAME=FILE; \(known))"
        )
    }

    /// Whether `name` is one of the command line's names.
    package func contains(_ name: String) -> Bool { entries[name] != nil }

    /// Begins the transition to the layout named `name` on `view`: what a controller's
    /// `view:beginTransition(NAME [, TRANSITION])` does (the view logs it).
    func beginTransition(
        on view: HeadlessCollectionView, to name: String, bending transition: String?, function: String
    ) throws {
        try SimulationSession.checkNoTransition(view, function)
        let (layout, bending) = try self.transition(to: name, bending: transition, function: function)
        try view.startInteractiveTransition(to: layout, bending: bending)
    }
}
