// RecorderTests.swift: records every layout of the plan on the device the test runs on.
//
// Scripts/record-uikit runs it once per device (`xcodebuild test` on that Simulator) with
// RECORDER_DEVICE (the device's suffix, `iphone-15` or `iphone-se.ios14`) and RECORDER_OUTPUT
// (the folder for `NAME.SUFFIX.uikit.json`) in the test's environment; without them it records
// every layout for the first device into a temporary folder.

import Foundation
import XCTest

#if canImport(UIKit)
import UIKit
#else
import UIKitSurface
#endif

final class RecorderTests: XCTestCase {
    // An async test hopping to the main actor: corelibs XCTest (Linux) cannot call a
    // main-actor test method directly.
    func testRecordThePlan() async throws {
        try await MainActor.run { try Self.recordThePlan() }
    }

    @MainActor
    static func recordThePlan() throws {
        let environment = ProcessInfo.processInfo.environment
        let suffix = environment["RECORDER_DEVICE"] ?? RecordingPlan.devices.first?.suffix
        guard let device = RecordingPlan.devices.first(where: { $0.suffix == suffix }) else {
            return XCTFail("RECORDER_DEVICE=\(suffix ?? ""): not a device of the plan")
        }
        let output = environment["RECORDER_OUTPUT"] ?? NSTemporaryDirectory() + "recorder"
        try FileManager.default.createDirectory(atPath: output, withIntermediateDirectories: true)
        for layout in RecordingPlan.layouts where layout.device == nil || layout.device == device.suffix {
            let json = try DeviceRecording.json(layout, on: device)
            let path = output + "/\(layout.name).\(device.suffix).uikit.json"
            try json.write(toFile: path, atomically: true, encoding: .utf8)
            print("recorded \(path)")
        }
    }
}
