#if Postgres
import SlatePostgres
import Testing

struct PostgresConfigurationTests {
    @Test func aURLIsParsedAndPercentDecoded() throws {
        let server = try SQLPostgres.Server(
            url: "postgres://us%40er:p%3A%2Fss@db.example.com:6543/my%20db?sslmode=require")
        #expect(server.username == "us@er")
        #expect(server.password == "p:/ss")
        #expect(server.host == "db.example.com")
        #expect(server.port == 6543)
        #expect(server.database == "my db")
        #expect(server.tls == .require)
    }

    @Test func defaultsAndOtherForms() throws {
        let plain = try SQLPostgres.Server(url: "postgresql://app@localhost")
        #expect(plain.port == 5432)
        #expect(plain.password == nil)
        #expect(plain.database == nil)
        #expect(plain.tls == .disable)
        let v6 = try SQLPostgres.Server(url: "postgres://app:@[::1]:5433/db?sslmode=disable")
        #expect(v6.host == "::1")
        #expect(v6.port == 5433)
        #expect(v6.password == "")
        let configuration = try SQLPostgres.Configuration(url: "postgres://a@h/d", replicaURL: "postgres://b@r/d")
        #expect(configuration.replica?.host == "r")
        #expect(configuration.readYourWrites == false)
    }

    @Test(arguments: [
        ("mysql://a@h/d", "postgres://"),
        ("postgres://h/d", "no user"),
        ("postgres://a@h:abc/d", "port 'abc'"),
        ("postgres://a@h:0/d", "port '0'"),
        ("postgres://a@h:70000/d", "port '70000'"),
        ("postgres://a:top%zzsecret@h/d", "the password has a bad percent escape"),
        ("postgres://a:topsecret@h/d?sslmode=verify-full", "sslmode 'verify-full'"),
        ("postgres://a:topsecret@h/d?connect_timeout=3", "'connect_timeout' is not supported"),
        ("postgres://a:topsecret@/d", "the host is empty"),
        ("postgres://a@[::1/d", "no closing ]"),
        ("postgres://a@h/d/e", "contains a /"),
    ])
    func aWrongURLSaysWhatIsWrongWithoutThePassword(url: String, expected: String) {
        let error = #expect(throws: SQLPostgresError.self) { try SQLPostgres.Server(url: url) }
        #expect(error?.kind == .configuration)
        #expect(error?.message.contains(expected) == true, "\(error?.message ?? "")")
        #expect(error?.description.contains("secret") == false)
    }
}
#endif
