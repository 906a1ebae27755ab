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
            return unsafeDowncast(holder, to: SQLContainerHolder<Container>.self).kept()
        }
        return keep(for: keyType, make: make)
    }

    /// Makes and keeps the container for `keyType`; apart, so that the path above needs
    /// no type metadata.
    @inline(never)
    private mutating func keep<Container>(for keyType: ObjectIdentifier, make: () -> Container) -> Container {
        let holder = SQLContainerHolder(make())
        self.holder = holder
        self.keyType = keyType
        return holder.kept()
    }
}

/// A kept container.
final class SQLContainerHolder<Container> {
    let container: Container

    init(_ container: Container) {
        self.container = container
    }

    /// The container, read where the holder's own type gives `Container`.
    ///
    /// The caller is generic over the key type, and the standard library's container
    /// types are resilient: reading `container` there looks up the container type's
    /// metadata in the runtime's cache on every row. Here, unspecialized, the metadata
    /// comes from the holder's class, and the result is written straight into the
    /// caller's return slot.
    @inline(never)
    @_semantics("optimize.sil.specialize.generic.never")
    func kept() -> Container {
        container
    }
}
