import Foundation
import SlateRecords
import SlateTestSupport
import Testing

/// A schema made of the names the generated code uses itself — `store` (the tables'
/// generic parameter), `handle`, `statement`, `db` (its locals), a compound key with an
/// `id` column, columns named `context`, `record`, `offset`, `values`, `self`, `type` —
/// compiles (the golden file is part of this target) and works.
@Suite struct CollisionsTests {
    @Test func everyNameTheGeneratedCodeUsesItselfWorksAsATableOrColumn() throws {
        let db = try Collisions.inMemory()
        defer { db.close() }
        let store = try db.insert(StoreRecord(name: "main"))
        let handle = try db.insert(Handle(label: "h"))
        let statement = try db.insert(Statement(body: "s"))
        let database = try db.insert(Db(name: "d"))
        let gadget = try db.insert(
            Gadget(
                handleId: handle.handleId, statementId: statement.statementId, dbId: database.dbId,
                storeId: store.storeId,
                context: "c", record: "r", offset: 3, index: 4, values: "v", selfColumn: "me", type: "t"))
        let chain = try db.insert(Chain(id2: 7, chainIndex: 1, storeId: store.storeId))

        #expect(try db.gadgets.fetch(for: handle) == [gadget])
        #expect(try db.gadgets.fetch(for: statement) == [gadget])
        #expect(try db.gadgets.fetch(for: database) == [gadget])
        #expect(try db.gadgets.fetch(for: store) == [gadget])
        #expect(try db.handles.find(for: gadget) == handle)
        #expect(try db.statements.find(for: gadget) == statement)
        #expect(try db.dbs.find(for: gadget) == database)
        #expect(try db.stores.find(for: gadget) == store)
        #expect(try db.stores.find(for: chain) == store)
        #expect(try db.chains.fetch(for: store) == [chain])
        // The compound key is the record's id; the `id` column is `id2`.
        #expect(chain.id == Chain.ID(id2: 7, chainIndex: 1))
        #expect(try db.chains.find(Chain.ID(id2: 7, chainIndex: 1)) == chain)
        let stored = try db.pool.read { try $0.query(sql: "SELECT id, chain_index FROM chain") }
        #expect(stored == [[7, 1]])
    }
}
