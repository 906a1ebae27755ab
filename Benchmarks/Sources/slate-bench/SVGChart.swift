import Foundation

/// The ratio table as an SVG bar chart: one group of bars per scenario, one bar per
/// implementation, each bar its time as a multiple of C's on a logarithmic axis (1× is
/// C, drawn as a line), labelled with the ratio. Self-contained SVG, no script, no font
/// files: it renders on GitHub and in any browser.
enum SVGChart {
    struct Row: Equatable {
        var scenario: String
        var implementation: String
        var ratio: Double
    }

    /// Rows from the benchmark's Markdown table (`| a insert … | slate-core | 0.9462 | 1.01 |`)
    /// or its CSV (`a,slate-core,0.946200,1.010`); rows without a ratio are left out.
    static func rows(fromTable text: String) -> [Row] {
        var rows: [Row] = []
        for line in text.split(separator: "\n").map(String.init) {
            if line.hasPrefix("|") {
                let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
                guard cells.count == 4, let ratio = Double(cells[3]) else { continue }
                rows.append(Row(scenario: cells[0], implementation: cells[1], ratio: ratio))
            } else {
                let cells = line.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
                guard cells.count == 4, let ratio = Double(cells[3]) else { continue }
                rows.append(Row(scenario: cells[0], implementation: cells[1], ratio: ratio))
            }
        }
        return rows
    }

    static func render(
        _ rows: [Row], title: String = "Time as a multiple of the C API's (log scale; shorter is faster)"
    ) -> String {
        var scenarios: [String] = []
        for row in rows where !scenarios.contains(row.scenario) { scenarios.append(row.scenario) }
        let barHeight = 14.0
        let gap = 3.0
        let groupGap = 12.0
        let left = 140.0
        let plotWidth = 520.0
        let top = 48.0
        let maximum = max(2, rows.map(\.ratio).max() ?? 2)
        let lowest = min(0.5, rows.map(\.ratio).min() ?? 0.5)
        let logMin = log10(lowest)
        let logMax = log10(maximum * 1.15)
        func x(_ ratio: Double) -> Double {
            left + (log10(max(ratio, lowest)) - logMin) / (logMax - logMin) * plotWidth
        }
        var height = top
        for scenario in scenarios {
            height += Double(rows.filter { $0.scenario == scenario }.count + 1) * (barHeight + gap) + groupGap
        }
        height += 20
        var svg: [String] = []
        svg.append(
            ##"<svg xmlns="http://www.w3.org/2000/svg" width="\##(Int(left + plotWidth + 70))" height="\##(Int(height))" font-family="Helvetica, Arial, sans-serif" font-size="11">"##
        )
        svg.append(##"<rect width="100%" height="100%" fill="white"/>"##)
        svg.append(##"<text x="10" y="20" font-size="13" font-weight="bold">\##(escape(title))</text>"##)
        // Grid lines at 0.5×, 1×, 2×, 5×, 10×, 20×.
        for tick in [0.5, 1, 2, 5, 10, 20, 50] where tick >= lowest && tick <= maximum * 1.15 {
            let position = x(tick)
            let stroke = tick == 1 ? "#333333" : "#dddddd"
            let strokeWidth = tick == 1 ? "1.5" : "1"
            let label = tick == 0.5 ? "0.5" : String(Int(tick))
            svg.append(
                ##"<line x1="\##(f(position))" y1="\##(f(top - 8))" x2="\##(f(position))" y2="\##(f(height - 20))" stroke="\##(stroke)" stroke-width="\##(strokeWidth)"/>"##
            )
            svg.append(
                ##"<text x="\##(f(position))" y="\##(f(top - 12))" text-anchor="middle" fill="#555555">\##(label)×</text>"##
            )
        }
        var y = top
        for scenario in scenarios {
            svg.append(##"<text x="10" y="\##(f(y + barHeight - 3))" font-weight="bold">\##(escape(scenario))</text>"##)
            y += barHeight + gap
            for row in rows where row.scenario == scenario {
                let start = x(lowest)
                let end = x(row.ratio)
                svg.append(
                    ##"<text x="\##(f(left - 6))" y="\##(f(y + barHeight - 3))" text-anchor="end" fill="#333">\##(escape(row.implementation))</text>"##
                )
                svg.append(
                    ##"<rect x="\##(f(start))" y="\##(f(y))" width="\##(f(max(1, end - start)))" height="\##(f(barHeight))" fill="\##(color(row.implementation))"/>"##
                )
                svg.append(
                    ##"<text x="\##(f(end + 4))" y="\##(f(y + barHeight - 3))" fill="#333">\##(String(format: "%.2f", row.ratio))×</text>"##
                )
                y += barHeight + gap
            }
            y += groupGap
        }
        svg.append("</svg>")
        return svg.joined(separator: "\n") + "\n"
    }

    /// C grey, Slate's paths blue, GRDB's orange.
    static func color(_ implementation: String) -> String {
        if implementation == "c" { return "#9e9e9e" }
        if implementation.hasPrefix("grdb") { return implementation.hasSuffix("codable") ? "#f4a259" : "#e07b00" }
        switch implementation {
        case "slate-core": return "#1f4e8c"
        case "slate-generated": return "#2f6fbf"
        case "slate-query": return "#5b8fd6"
        case "slate-codable": return "#8fb3e6"
        case "slate-raw": return "#b9cff0"
        default: return "#3d7dd8"
        }
    }

    static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
