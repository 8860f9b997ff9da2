import Foundation

/// The folder of the debug build's products, where the tests find the executables they start
/// and the build's `Modules`: `ROOT/.build/debug`, or `LUALAYOUT_BUILD_PRODUCTS`. Scripts/test
/// names the folder that link points to, because the `swift package` of its API docs, running
/// beside the tests, removes the link and makes it again.
package func buildProducts(root: String) -> String {
    ProcessInfo.processInfo.environment["LUALAYOUT_BUILD_PRODUCTS"] ?? root + "/.build/debug"
}
