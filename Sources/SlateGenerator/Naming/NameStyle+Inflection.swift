/// Record type names from table names and accessor names from record type names: only the
/// last word changes number, by ``Inflection``'s rules, and a word written in capitals
/// inside a mixed-case name is an acronym (`CustomerID`, `MessageSMS`).
extension NameStyle {
    /// The record type name for a table or view: upper camel case, the last word singular
    /// when it reads as a plural (`moz_places` → `MozPlace`, `moz_bookmarks_synced` →
    /// `MozBookmarksSynced`, `sms` → `Sms`, `ZNOTE` → `Znote`, `bookIDs` → `BookID`).
    static func singularUpperCamel(_ name: String) -> String {
        upperCamel(words: inflectingLast(words(name), with: singularWord))
    }

    /// The table accessor name for a record type: lower camel case, the last word plural
    /// when it reads as a countable noun (`MozPlace` → `mozPlaces`, `StatesMeta` →
    /// `statesMeta`, `Znote` → `znotes`, `CustomerID` → `customerIDs`).
    static func pluralLowerCamel(_ name: String) -> String {
        lowerCamel(words: inflectingLast(words(name), with: pluralWord))
    }

    /// The table accessor name for a table named in the plural: its words in lower camel
    /// case, the last one as written (`gpkg_contents` → `gpkgContents`, where the record type
    /// `GpkgContent` would make `gpkgContent`, `content` being a mass noun); nil when the last
    /// word does not read as a plural.
    static func writtenPluralLowerCamel(_ name: String) -> String? {
        let parts = words(name)
        guard let last = parts.last, singularWord(last) != last else { return nil }
        return lowerCamel(words: parts)
    }

    /// `words` with the last one passed through `inflect`.
    private static func inflectingLast(_ words: [String], with inflect: (String) -> String) -> [String] {
        guard let last = words.last else { return words }
        return words.dropLast() + [inflect(last)]
    }

    /// The singular of one word; an acronym in capitals stays as it is (`SMS`, `ID`), while
    /// its plural with a lower-case `s` loses it (`IDs` → `ID`).
    private static func singularWord(_ word: String) -> String {
        isCapitalAcronym(word) ? word : Inflection.singular(word)
    }

    /// The plural of one word; an acronym in capitals takes a lower-case `s` unless it ends
    /// in `S` or names a format or a mass noun (`ID` → `IDs`, `URL` → `URLs`; `JSON`, `SMS`
    /// stay).
    private static func pluralWord(_ word: String) -> String {
        isCapitalAcronym(word) ? Inflection.acronymPlural(word) : Inflection.plural(word)
    }

    /// Whether `word` is written in capitals. ``words(_:)`` lowers the words of a name
    /// written all in capitals, so a word in capitals comes from a mixed-case name, where
    /// capitals mark an acronym.
    private static func isCapitalAcronym(_ word: String) -> Bool {
        isAllCapitals(word)
    }
}
