#if !canImport(UIKit)
// Where UIKit raises an Objective-C exception (which an app cannot catch: the app ends), the
// surface ends the program with UIKit's reason, so code that would crash on a device fails
// here too. Tests replace the handler to see the reason and go on.

/// UIKit's exceptions, as the surface raises them.
@MainActor
enum UIKitException {
    /// Called with UIKit's reason; the default ends the program. A handler that returns lets
    /// the surface go on as if the offending call had done nothing.
    static var handler: (String) -> Void = { reason in fatalError("UIKit raises: \(reason)") }

    static func raise(_ reason: String) { handler(reason) }
}
#endif
