/// A first-in, first-out queue in an array with a moving head: `popFirst` is O(1), and the
/// elements already taken are dropped once they are most of the storage. The pool's
/// waiters and a change stream's pending change sets.
struct FIFO<Element> {
    private var elements: [Element] = []
    private var head = 0

    var isEmpty: Bool { head == elements.count }
    var count: Int { elements.count - head }
    /// How many elements the storage holds, taken ones included (for tests).
    var storedCount: Int { elements.count }

    mutating func append(_ element: Element) {
        elements.append(element)
    }

    mutating func popFirst() -> Element? {
        guard head < elements.count else { return nil }
        let element = elements[head]
        head += 1
        if head == elements.count {
            elements.removeAll(keepingCapacity: true)
            head = 0
        } else if head > 32, head * 2 > elements.count {
            elements.removeFirst(head)
            head = 0
        }
        return element
    }

    /// Changes the last element, which must exist.
    mutating func updateLast(_ update: (inout Element) -> Void) {
        update(&elements[elements.count - 1])
    }

    /// Removes the first element `matches` accepts; false when there is none.
    mutating func removeFirst(where matches: (Element) -> Bool) -> Bool {
        guard let index = elements[head...].firstIndex(where: matches) else { return false }
        elements.remove(at: index)
        return true
    }

    /// Removes and returns every element, in order.
    mutating func removeAll() -> [Element] {
        defer {
            elements.removeAll()
            head = 0
        }
        return Array(elements[head...])
    }
}
