import CLuaBridge

/// The release of the Lua library the process runs (`Lua 5.4.6`), read from the library itself
/// (its `lua_ident`), so it names the shared library loaded, not the headers built against.
package let luaRelease: String = {
    let ident = String(cString: llb_ident())
    guard let start = ident.firstRange(of: "$LuaVersion: ")?.upperBound,
        let end = ident[start...].firstRange(of: "  ")?.lowerBound
    else { return ident }
    return String(ident[start..<end])
}()
