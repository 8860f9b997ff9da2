// DeviceRecording.swift: one layout laid out on the device the test runs on and recorded.
//
// On the iOS Simulator the collection view is the root view of a window of the screen's size:
// the safe area is the device's own, the content offset is where UIKit rests it (the adjusted
// content inset), and the scale is the screen's. Where UIKit is absent (Linux, UIKitSurface)
// there is no window or screen: the device's table values are set instead, so that the plan
// and the checks still build and run.

#if canImport(UIKit)
import UIKit
#else
import Foundation
import UIKitSurface
#endif

@MainActor
enum DeviceRecording {
    /// The JSON of `layout` on `device`, after the checks: the screen's size and scale are the
    /// device's, and every item was laid out.
    static func json(_ layout: PlannedLayout, on device: PlannedDevice) throws -> String {
        #if !canImport(UIKit)
        // The engine's rules for the device's release (on the Simulator, the release runs).
        UIKitSurfaceRelease.iOS = device.release.map { ($0, 0) } ?? defaultRelease
        #endif
        let made = layout.make()
        RecordingChecks.register(layout.decorations, on: made)
        var options = layout.options
        options.size = device.size
        options.scale = device.scale
        let json: String
        #if canImport(UIKit)
        json = try inWindow(made, options, device: device)
        #else
        // Without a given offset the collection view rests at minus its adjusted content inset.
        options.safeAreaInsets = device.safeArea
        json = LayoutRecorder.json(of: made, options)
        #endif
        try RecordingChecks.counts(json, expected: options.itemCounts, layout: layout.name)
        return json
    }

    #if !canImport(UIKit)
    /// The release UIKitSurface computes for when the device names none.
    private static let defaultRelease = UIKitSurfaceRelease.iOS
    #endif

    #if canImport(UIKit)
    /// In a window on the Simulator's screen: the device's own safe area and resting offset.
    private static func inWindow(
        _ layout: UICollectionViewLayout, _ options: LayoutRecorder.Options, device: PlannedDevice
    ) throws -> String {
        let screen = UIScreen.main
        try RecordingChecks.release(device, systemVersion: UIDevice.current.systemVersion)
        try RecordingChecks.screen(device, size: screen.bounds.size, scale: screen.scale)
        let dataSource = CountsDataSource(options.itemCounts)
        let collectionView = UICollectionView(frame: screen.bounds, collectionViewLayout: layout)
        let controller = UIViewController(nibName: nil, bundle: nil)
        controller.view = collectionView
        collectionView.dataSource = dataSource
        collectionView.layoutMargins = options.layoutMargins
        collectionView.contentInset = options.contentInset
        if options.rightToLeft { collectionView.semanticContentAttribute = .forceRightToLeft }
        let window = UIWindow(frame: screen.bounds)
        window.rootViewController = controller
        window.makeKeyAndVisible()
        window.layoutIfNeeded()
        if let offset = options.contentOffset { collectionView.contentOffset = offset }
        collectionView.layoutIfNeeded()
        try RecordingChecks.screen(
            device, size: collectionView.bounds.size, scale: collectionView.traitCollection.displayScale)
        try RecordingChecks.safeArea(device, collectionView.safeAreaInsets)
        let json = LayoutRecorder.json(of: collectionView, in: options.rect)
        window.isHidden = true
        collectionView.dataSource = nil
        return json
    }
    #endif
}
