extension Duration {
    /// This duration counted in units of which a second holds `unitsPerSecond` (1_000 for
    /// milliseconds, 1_000_000_000 for nanoseconds), rounded toward zero, and clamped to
    /// `Int64`: a duration too long to count ("for ever", `.seconds(Int64.max)`) saturates
    /// instead of trapping on overflow.
    func clampedCount(unitsPerSecond: Int64) -> Int64 {
        let (seconds, attoseconds) = components
        let (whole, overflow) = seconds.multipliedReportingOverflow(by: unitsPerSecond)
        if overflow { return seconds < 0 ? .min : .max }
        let (count, overflowAgain) = whole.addingReportingOverflow(
            attoseconds / (1_000_000_000_000_000_000 / unitsPerSecond))
        if overflowAgain { return seconds < 0 ? .min : .max }
        return count
    }
}
