import Foundation

/// Executables built beside the test bundle (`slate`, `slate-test-child`).
public enum Executables {
    /// The executable called `name` in the build directory, if it was built.
    public static func url(_ name: String) -> URL? {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appendingPathComponent(name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
