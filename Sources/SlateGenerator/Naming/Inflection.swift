/// English singular and plural forms for table and accessor names: regular rules, common
/// irregular words, and words that do not change. Singularizing a singular word, or
/// pluralizing a plural one, leaves it as it is.
enum Inflection {
    private static let irregular: [(singular: String, plural: String)] = [
        ("person", "people"), ("child", "children"), ("man", "men"), ("woman", "women"), ("mouse", "mice"),
        ("goose", "geese"), ("tooth", "teeth"), ("foot", "feet"), ("ox", "oxen"), ("datum", "data"),
        ("criterion", "criteria"), ("medium", "media"), ("index", "indices"), ("matrix", "matrices"),
        ("vertex", "vertices"), ("analysis", "analyses"), ("axis", "axes"), ("crisis", "crises"),
        ("thesis", "theses"), ("leaf", "leaves"), ("life", "lives"), ("knife", "knives"), ("wife", "wives"),
        ("wolf", "wolves"), ("half", "halves"), ("shelf", "shelves"), ("quiz", "quizzes"), ("bus", "buses"),
        ("status", "statuses"), ("alias", "aliases"), ("cactus", "cacti"), ("focus", "foci"),
        ("movie", "movies"), ("cookie", "cookies"), ("pie", "pies"), ("tie", "ties"), ("zombie", "zombies"),
        ("calorie", "calories"), ("shoe", "shoes"), ("toe", "toes"), ("canoe", "canoes"), ("cache", "caches"),
        ("niche", "niches"), ("hero", "heroes"), ("potato", "potatoes"), ("tomato", "tomatoes"),
    ]

    private static let uncountable: Set<String> = [
        "equipment", "information", "rice", "money", "species", "series", "fish", "sheep", "deer", "news",
        "metadata", "software", "hardware", "feedback", "staff", "data", "settings", "aircraft", "music",
    ]

    /// The singular of `word`, keeping its case pattern.
    static func singular(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.isEmpty || uncountable.contains(lower) { return word }
        if let match = irregular.first(where: { $0.plural == lower }) { return recase(match.singular, like: word) }
        if irregular.contains(where: { $0.singular == lower }) { return word }
        let rules: [(suffix: String, replacement: String)] = [
            ("ies", "y"), ("sses", "ss"), ("xes", "x"), ("ches", "ch"), ("shes", "sh"), ("zzes", "z"), ("oes", "o"),
            ("ss", "ss"), ("us", "us"), ("is", "is"), ("s", ""),
        ]
        for rule in rules where lower.hasSuffix(rule.suffix) {
            let stem = word.dropLast(rule.suffix.count)
            return String(stem) + recase(rule.replacement, like: String(word.suffix(rule.suffix.count)))
        }
        return word
    }

    /// The plural of `word`, keeping its case pattern. A word that is already plural stays
    /// as it is.
    static func plural(_ word: String) -> String {
        let lower = word.lowercased()
        if lower.isEmpty || uncountable.contains(lower) { return word }
        if singular(word) != word { return word }
        if let match = irregular.first(where: { $0.singular == lower }) { return recase(match.plural, like: word) }
        if irregular.contains(where: { $0.plural == lower }) { return word }
        let vowels: Set<Character> = ["a", "e", "i", "o", "u"]
        if lower.hasSuffix("y"), lower.count > 1, !vowels.contains(lower.dropLast().last!) {
            return String(word.dropLast()) + recase("ies", like: String(word.suffix(1)))
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
