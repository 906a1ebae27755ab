// Stand-ins for the types SwiftUI, SwiftData and Foundation declare, so that Linux can
// check what an app module importing them beside Slate sees: every name here must still
// mean this module's type there, unqualified.

public protocol View {}
public struct Text: View { public let text: String; public init(_ text: String) { self.text = text } }
public struct List: View { public init() {} }
public struct Section: View { public init() {} }
public struct Image: View { public init() {} }
public struct Label: View { public init() {} }
public struct Table: View { public init() {} }
public struct Column { public init() {} }
public struct Schema { public init() {} }
public struct Index { public init() {} }
public struct Trigger { public init() {} }
