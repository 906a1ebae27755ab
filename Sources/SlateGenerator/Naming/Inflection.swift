/// English singular and plural forms of one word, for record type and table accessor
/// names. A word changes only when it reads as an English noun that has the other form;
/// everything else is left as it is:
/// - acronyms, read as words without a vowel or of one letter (`sms`, `fts`, `db`), take no
///   singular; their plural adds `s` unless they end in `s` or name a format (`db` → `dbs`;
///   `sms`, `gps`, `xml`, `csv` stay);
/// - uncountable and mass nouns (`news`, `data`, `meta`, `info`, `media`, `settings`, `history`,
///   `maintenance`, `access`), data formats (`json`, `yaml`) and abbreviations that stand for
///   either number (`sys`, `misc`) have one form, also at the end of a run-together name
///   (`ZNOTEDATA`, `moz_inputhistory`, `dbinfo`);
/// - in the singular, words that do not read as plurals: `-ss`, `-us`, `-is` (`address`,
///   `status`, `analysis`) and singular words ending in `s` (`canvas`, `gas`);
/// - in the plural, words that do not read as nouns: past participles, regular (`synced`,
///   `deleted`) or irregular (`sent`, `unsent`, `hidden`), adjectives in `-ous` and `-less`
///   (`previous`, `wireless`) and in `-ing` (`pending`, `outgoing`), and words ending in a
///   digit (`v2`).
///
/// Singularizing a singular word, or pluralizing a plural one, leaves it as it is.
enum Inflection {
    private static let irregular: [(singular: String, plural: String)] = [
        ("person", "people"), ("child", "children"), ("man", "men"), ("woman", "women"), ("mouse", "mice"),
        ("goose", "geese"), ("tooth", "teeth"), ("foot", "feet"), ("ox", "oxen"), ("datum", "data"),
        ("criterion", "criteria"), ("medium", "media"), ("index", "indices"), ("matrix", "matrices"),
        ("vertex", "vertices"), ("analysis", "analyses"), ("axis", "axes"), ("crisis", "crises"),
        ("thesis", "theses"), ("diagnosis", "diagnoses"), ("hypothesis", "hypotheses"), ("leaf", "leaves"),
        ("life", "lives"), ("knife", "knives"), ("wife", "wives"), ("wolf", "wolves"), ("half", "halves"),
        ("shelf", "shelves"), ("quiz", "quizzes"), ("bus", "buses"), ("status", "statuses"), ("alias", "aliases"),
        ("virus", "viruses"), ("bonus", "bonuses"), ("campus", "campuses"), ("census", "censuses"),
        ("cactus", "cacti"), ("focus", "foci"), ("movie", "movies"), ("cookie", "cookies"), ("pie", "pies"),
        ("tie", "ties"), ("zombie", "zombies"), ("calorie", "calories"), ("shoe", "shoes"), ("toe", "toes"),
        ("canoe", "canoes"), ("cache", "caches"), ("niche", "niches"), ("hero", "heroes"), ("potato", "potatoes"),
        ("tomato", "tomatoes"),
    ]

    /// Words with one form for both numbers: mass nouns, and words already plural in form
    /// that name one thing (`settings`, `news`).
    private static let uncountable: Set<String> = [
        "equipment", "information", "info", "rice", "money", "species", "series", "fish", "sheep", "deer", "news",
        "meta", "metadata", "software", "hardware", "feedback", "staff", "data", "media", "settings", "aircraft",
        "music", "history", "analytics", "physics", "mathematics", "economics", "content", "storage", "usage",
        "traffic", "weather", "knowledge", "research", "evidence", "advice", "furniture", "luggage", "stuff",
        "chaos", "kudos", "cosmos", "ethos", "maintenance", "access", "compliance", "attendance", "insurance",
        "assistance", "guidance", "governance", "telemetry", "security", "privacy", "safety", "health", "progress",
        "spam", "trash", "garbage", "billing", "shipping", "tracking", "pricing", "logging", "messaging",
        "networking", "bookkeeping", "housekeeping",
    ]

    /// Abbreviations that stand for either number (`sys` for system or systems).
    private static let abbreviations: Set<String> = ["sys", "misc", "etc"]

    /// Words that do not read as nouns, so take no plural: irregular past participles
    /// (with their `un-` forms) and adjectives in `-ing`.
    private static let nonNouns: Set<String> = [
        "sent", "seen", "done", "known", "shown", "hidden", "written", "chosen", "frozen", "broken", "taken", "given",
        "spent", "kept", "lost", "paid", "sold", "held", "unread", "pending", "incoming", "outgoing", "upcoming",
        "ongoing", "missing", "remaining", "latest",
    ]

    /// Data and text formats: mass nouns, whether or not they have a vowel.
    private static let formats: Set<String> = [
        "json", "jsonb", "bson", "xml", "html", "csv", "tsv", "sql", "yaml", "yml", "toml", "txt", "rtf", "css",
        "ascii", "utf8", "unicode", "base64", "markdown",
    ]

    /// Singular words that end in `s` without ending in `-ss`, `-us` or `-is`.
    private static let singularsEndingInS: Set<String> = ["canvas", "atlas", "gas", "bias", "lens", "plus", "minus"]

    /// The singular of `word` when it reads as a plural, keeping its case pattern; otherwise
    /// `word` itself.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        guard !isAcronym(lower), !hasOneForm(lower) else { return word }
        if let match = irregular.first(where: { $0.plural == lower }) { return recase(match.singular, like: word) }
        guard readsAsRegularPlural(lower) else { return word }
        let rules: [(suffix: String, replacement: String)] = [
            ("ies", "y"), ("sses", "ss"), ("xes", "x"), ("ches", "ch"), ("shes", "sh"), ("zzes", "z"), ("oes", "o"),
            ("s", ""),
        ]
        for rule in rules where lower.hasSuffix(rule.suffix) {
            let stem = word.dropLast(rule.suffix.count)
            return String(stem) + recase(rule.replacement, like: String(word.suffix(rule.suffix.count)))
        }
        return word
    }

    /// The plural of `word` when it reads as a countable noun in the singular, keeping its
    /// case pattern; otherwise `word` itself.
    static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        guard lower.last?.isLetter == true else { return word }
        if isAcronym(lower) { return acronymPlural(word) }
        guard !hasOneForm(lower), !readsAsNonNoun(lower), singular(word) == word else { return word }
        if let match = irregular.first(where: { $0.singular == lower }) { return recase(match.plural, like: word) }
        return regularPlural(word)
    }

    /// The plural of an acronym: a lower-case `s` (`db` → `dbs`, `ID` → `IDs`, `URL` →
    /// `URLs`), none when it ends in `s` or a digit or names a format or a mass noun (`sms`,
    /// `GPS`, `V2`, `JSON`, `xml`, `INFO`).
    static func acronymPlural(_ word: String) -> String {
        let lower = word.lowercased()
        guard lower.last?.isLetter == true, !lower.hasSuffix("s"), !hasOneForm(lower) else { return word }
        return word + "s"
    }

    /// Whether a lower-case word reads as an acronym: one letter, or no vowel (`a e i o u y`)
    /// among its letters (`sms`, `fts`, `gps`, `db`).
    private static func isAcronym(_ lower: String) -> Bool {
        let letters = lower.filter(\.isLetter)
        return letters.count < 2 || !letters.contains(where: { "aeiouy".contains($0) })
    }

    /// Whether a lower-case word has one form for both numbers: uncountable, a format or an
    /// abbreviation for either number, or a run-together name ending in one of four letters
    /// or more after three letters or more, or after a two-letter acronym (`notedata`,
    /// `inputhistory`, `usersettings`, `dbinfo`; not `price`, `sausage`).
    private static func hasOneForm(_ lower: String) -> Bool {
        if uncountable.contains(lower) || formats.contains(lower) || abbreviations.contains(lower) { return true }
        return compoundEndings.contains { ending in
            guard lower.count > ending.count, lower.hasSuffix(ending) else { return false }
            let start = lower.dropLast(ending.count)
            return start.count >= 3 || (start.count == 2 && isAcronym(String(start)))
        }
    }

    /// The uncountable words and formats that also end run-together names: four letters or more.
    private static let compoundEndings = uncountable.union(formats).filter { $0.count >= 4 }

    /// Whether a lower-case word reads as a regular plural: it ends in `s` after at least two
    /// letters, and not in `-ss`, `-us` or `-is` (`address`, `status`, `analysis`), nor is a
    /// singular word ending in `s` (`canvas`).
    private static func readsAsRegularPlural(_ lower: String) -> Bool {
        guard lower.hasSuffix("s"), lower.count > 2, !singularsEndingInS.contains(lower) else { return false }
        return !["ss", "us", "is"].contains(where: lower.hasSuffix)
    }

    /// Whether a lower-case word reads as something other than a noun: a past participle
    /// (`synced`, `deleted`; not `-eed`, as in `feed`; not three letters, as in `bed`; an
    /// irregular one, `sent`, or with `un-`, `unsent`), an adjective in `-ing` of
    /// ``nonNouns`` (`pending`), or in `-ous` or `-less` (`previous`, `wireless`).
    private static func readsAsNonNoun(_ lower: String) -> Bool {
        if lower.hasSuffix("ed"), !lower.hasSuffix("eed"), lower.count > 3 { return true }
        if nonNouns.contains(lower) { return true }
        if lower.hasPrefix("un"), nonNouns.contains(String(lower.dropFirst(2))) { return true }
        return lower.hasSuffix("ous") || lower.hasSuffix("less")
    }

    /// The regular English plural: consonant + `y` → `-ies`, `-sis` → `-ses`, `-s`, `-x`,
    /// `-z`, `-ch`, `-sh` → `-es`, anything else → `-s`.
    private static func regularPlural(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.hasSuffix("y"), !"aeiou".contains(lower.dropLast().last!) {
            return String(word.dropLast()) + recase("ies", like: String(word.suffix(1)))
        }
        if lower.hasSuffix("sis") {
            return String(word.dropLast(2)) + recase("es", like: String(word.suffix(2)))
        }
        for suffix in ["s", "x", "z", "ch", "sh"] where lower.hasSuffix(suffix) {
            return word + recase("es", like: String(word.suffix(1)))
        }
        return word + recase("s", like: String(word.suffix(1)))
    }

    /// `replacement` in upper case when `model` is all upper case.
    private static func recase(_ replacement: String, like model: String) -> String {
        let letters = model.filter(\.isLetter)
        if !letters.isEmpty, letters == letters.uppercased(), letters != letters.lowercased() {
            return replacement.uppercased()
        }
        if let first = model.first, first.isUppercase, replacement.count > 1 {
            return replacement.prefix(1).uppercased() + replacement.dropFirst()
        }
        return replacement
    }
}
