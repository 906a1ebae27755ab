/// The keyed container a row reader or writer handed out last, kept for the next record.
///
/// A record's `init(from:)` or `encode(to:)` asks for a keyed container on every row, and
/// making one costs a box and generic type lookups in the runtime; the containers Slate
/// makes hold nothing of the row, so the one made for an earlier row serves again when
/// the key type is the same.
struct SQLContainerCache {
    private var holder: AnyObject?
    private var keyType: ObjectIdentifier?

    /// The container kept for `keyType`, or the one `make` makes (then kept).
    @inline(__always)
    mutating func container<Container>(for keyType: ObjectIdentifier, make: () -> Container) -> Container {
        if self.keyType == keyType, let holder {
            return unsafeDowncast(holder, to: SQLContainerHolder<Container>.self).container
        }
        let made = make()
        holder = SQLContainerHolder(made)
        self.keyType = keyType
        return made
    }
}

/// A kept container.
final class SQLContainerHolder<Container> {
    let container: Container

    init(_ container: Container) {
        self.container = container
    }
}
