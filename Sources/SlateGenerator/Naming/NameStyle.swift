/// Turns SQL names into Swift names: words found at separators and case changes, joined
/// in camel case, made valid as identifiers.
enum NameStyle {
    /// The words of a name: split at anything that is not a letter or digit, and where
    /// case changes (`LastName` → Last, Name; `CustomerID` → Customer, ID;
    /// `HTTPServer` → HTTP, Server; `bookIDs` → book, IDs). Digits stay with the word before them.
    /// A name written all in capitals reads as lower-case words split at its separators only
    /// (`Z_PK` → z, pk; `ZCREATIONDATE` → zcreationdate; `USER_ID` → user, id), so that its
    /// type, accessor and property names follow the rules of any lower-case name.
    static func words(_ name: String) -> [String] {
        let found = caseWords(name)
        return isAllCapitals(name) ? found.map { $0.lowercased() } : found
    }

    /// Whether `name` has capital letters and no lower-case ones (`Z_PK`, `ORDERS`, `ID`).
    static func isAllCapitals(_ name: String) -> Bool {
        let letters = name.filter(\.isLetter)
        return letters.contains(where: \.isUppercase) && !letters.contains(where: \.isLowercase)
    }

    /// The words of a name as written, split at separators and case changes.
    private static func caseWords(_ name: String) -> [String] {
        var words: [String] = []
        var current: [Character] = []
        let characters = Array(name)
        func flush() {
            if !current.isEmpty { words.append(String(current)) }
            current = []
        }
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                flush()
                continue
            }
            if let previous = current.last {
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if character.isUppercase && previous.isLowercase {
                    flush()
                } else if character.isUppercase && previous.isUppercase, let next, next.isLowercase,
                    !isPluralAcronym(characters, index + 1)
                {
                    flush()
                } else if character.isLetter && previous.isNumber && character.isUppercase {
                    flush()
                }
            }
            current.append(character)
        }
        flush()
        return words
    }

    /// Whether the `s` at `index` ends an acronym's plural (`IDs`, `URLs`), not the start of a
    /// word (`HTTPServer`).
    private static func isPluralAcronym(_ characters: [Character], _ index: Int) -> Bool {
        guard characters[index] == "s" else { return false }
        let after = index + 1
        return after == characters.count || !characters[after].isLowercase
    }

    /// `order_item` → `OrderItem`, `Order Details` → `OrderDetails`, `ZNOTE` → `Znote`.
    static func upperCamel(_ name: String) -> String {
        upperCamel(words: words(name))
    }

    /// Words joined in upper camel case, as an identifier.
    static func upperCamel(words parts: [String]) -> String {
        identifier(parts.map(capitalized).joined())
    }

    /// The words naming a key by its columns, without a trailing `id`, `key` or `fk`
    /// (`reports_to_id` → reports, to).
    static func keyWords(_ columns: [String]) -> [String] {
        var words = columns.flatMap(NameStyle.words)
        if words.count > 1, let last = words.last, ["id", "key", "fk"].contains(last.lowercased()) {
            words.removeLast()
        }
        return words
    }

    /// `person_id` → `personId`, `LastName` → `lastName`, `CustomerID` → `customerID`,
    /// `Z_PK` → `zPk`.
    static func lowerCamel(_ name: String) -> String {
        lowerCamel(words: words(name))
    }

    /// Words joined in lower camel case, as an identifier: the first word's leading capitals
    /// in lower case.
    static func lowerCamel(words parts: [String]) -> String {
        guard let first = parts.first else { return "_" }
        return identifier(leadingLowercased(first) + parts.dropFirst().map(capitalized).joined())
    }

    /// `OrderItem` → `order_item`.
    static func snake(_ name: String) -> String {
        identifier(words(name).map { $0.lowercased() }.joined(separator: "_"))
    }

    /// `word` with its first letter in upper case.
    static func capitalized(_ word: String) -> String {
        word.prefix(1).uppercased() + word.dropFirst()
    }

    /// `Customer` → `customer`, `ID` → `id`, `URLs` → `urls`: a leading run of capitals in
    /// lower case.
    static func leadingLowercased(_ word: String) -> String {
        if word == word.uppercased() { return word.lowercased() }
        var result = ""
        var lowering = true
        for character in word {
            if lowering, character.isUppercase {
                result += character.lowercased()
            } else {
                lowering = false
                result.append(character)
            }
        }
        return result
    }

    /// Makes `name` a valid identifier: only letters, digits and underscores, not starting
    /// with a digit, never empty.
    static func identifier(_ name: String) -> String {
        var result = String(
            name.unicodeScalars.filter { scalar in
                scalar == "_" || (scalar.properties.isAlphabetic && scalar.value < 0x2000)
                    || ("0"..."9").contains(scalar)
            }.map(Character.init))
        if result.isEmpty { result = "_" }
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) { result = "_" + result }
        return result
    }
}
