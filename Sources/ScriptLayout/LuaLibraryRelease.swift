import LuaRuntime

extension ScriptLayout {
    /// The release of the Lua library scripts run on (`Lua 5.4.6`), for `lualayout --version`.
    package static var luaRelease: String { LuaRuntime.luaRelease }
}
