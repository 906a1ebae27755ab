import Foundation
import Testing

/// Issue 31, review R1, in raw mode (`bodies31.sql`, `Configurations/bodies31-raw.json`):
/// a body that gives `Int.min` (the unassigned marker the encoder never writes) as its
/// rowid key is refused at the key, as in the typed style.
@Suite struct Review31R1BodiesRawTests {
    typealias R = Bodies31Raw

    @Test func aBodyGivingTheUnassignedMarkerAsItsKeyIsRefused() throws {
        let error = #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(
                R.IssueRecord.self, from: Data(#"{"issueId": -9223372036854775808, "title": "A", "slug": "a"}"#.utf8))
        }
        guard case .dataCorrupted(let context) = error else {
            Issue.record("not dataCorrupted: \(String(describing: error))")
            return
        }
        #expect(context.codingPath.map(\.stringValue) == ["issueId"])
        #expect(
            context.debugDescription.hasPrefix(
                "issueId is -9223372036854775808, the value that marks a key SQLite has not assigned yet"))
        // Missing and null are unassigned; any other number is the key.
        let missing = try JSONDecoder().decode(R.IssueRecord.self, from: Data(#"{"title": "A", "slug": "a"}"#.utf8))
        let null = try JSONDecoder().decode(
            R.IssueRecord.self, from: Data(#"{"issueId": null, "title": "A", "slug": "a"}"#.utf8))
        let zero = try JSONDecoder().decode(
            R.IssueRecord.self, from: Data(#"{"issueId": 0, "title": "A", "slug": "a"}"#.utf8))
        #expect(missing.issueId == Int.min && null.issueId == Int.min && zero.issueId == 0)
    }
}
