// slate-postgres-test-child URL SCRIPT…
//
// Bootstraps the PostgreSQL database at URL (postgres://user@host:port/database) with the
// script files given, in order, as SQLPostgresSchemaEvolution does for an app: the tests
// start several at once on one database, or kill one while a script runs. Prints
// `found F version V applied A,B,…` and exits 0, or prints the error and exits 1.
//
// slate-postgres-test-child --exec URL SQL…
//
// Runs the statements given in one transaction through SQLPostgres (the observation
// tests' commit from another process), prints `committed` and exits 0, or prints the
// error and exits 1.
#if Postgres
import Foundation
import Logging
import PostgresNIO
import SlatePostgres
import SlateRecords

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--exec" {
    let rest = Array(arguments.dropFirst())
    guard let url = rest.first, rest.count >= 2 else {
        FileHandle.standardError.write(Data("usage: slate-postgres-test-child --exec URL SQL…\n".utf8))
        exit(2)
    }
    do {
        let database = try SQLPostgres(url: url)
        do {
            try await database.write { context in
                for sql in rest.dropFirst() { try await context.exec(sql: sql) }
            }
        } catch {
            await database.close()
            throw error
        }
        await database.close()
        print("committed")
        exit(0)
    } catch {
        print("\(error)")
        exit(1)
    }
}
guard let url = arguments.first, let parts = URLComponents(string: url), arguments.count >= 1 else {
    FileHandle.standardError.write(Data("usage: slate-postgres-test-child URL SCRIPT…\n".utf8))
    exit(2)
}
var scripts: [SQLSchemaScript] = []
for path in arguments.dropFirst() {
    guard let data = FileManager.default.contents(atPath: path) else {
        FileHandle.standardError.write(Data("error: cannot read \(path)\n".utf8))
        exit(2)
    }
    scripts.append(
        SQLSchemaScript(file: URL(fileURLWithPath: path).lastPathComponent, sql: String(decoding: data, as: UTF8.self)))
}
let client = PostgresClient(
    configuration: PostgresClient.Configuration(
        host: parts.host ?? "127.0.0.1", port: parts.port ?? 5432, username: parts.user ?? "postgres",
        password: parts.password, database: String(parts.path.dropFirst()), tls: .disable))
let evolution = SQLPostgresSchemaEvolution(scripts: scripts, schemaName: "TestChild")
let status: Int32 = await withTaskGroup(of: Int32?.self) { group in
    group.addTask {
        await client.run()
        return nil
    }
    group.addTask {
        do {
            let outcome = try await evolution.apply(on: client, logger: Logger(label: "slate-postgres-test-child"))
            print(
                "found \(outcome.foundVersion) version \(outcome.version) applied \(outcome.appliedFiles.joined(separator: ","))"
            )
            return 0
        } catch {
            print("\(error)")
            return 1
        }
    }
    let status = await group.next() ?? 1
    group.cancelAll()
    return status ?? 1
}
exit(status)
#else
import Foundation

FileHandle.standardError.write(
    Data("slate-postgres-test-child needs the Postgres trait: run Scripts/test-postgres.sh\n".utf8))
exit(1)
#endif
