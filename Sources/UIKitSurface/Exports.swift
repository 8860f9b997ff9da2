#if !canImport(UIKit)
// `import UIKit` brings Foundation and Core Graphics' types (CGFloat, CGPoint, CGSize, CGRect)
// with it; `import UIKitSurface` does the same, so code written for UIKit compiles unchanged.
@_exported import Foundation
#endif
