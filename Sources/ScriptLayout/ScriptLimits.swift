import LuaRuntime

extension ScriptLayout {
    /// The sandbox a script runs in: a memory cap, an instruction budget and a time limit for
    /// each call into the script. The Lua state's own limits, as embedders and the commands
    /// give them (neither needs to know the Lua layer).
    public struct Limits: Sendable, Equatable {
        package var lua: LuaState.Limits

        /// Each limit not given keeps the Lua state's default: a 256 MB cap, a budget of 1e9
        /// instructions counted exactly, no time limit.
        public init(
            memoryBytes: Int? = nil, instructions: Int? = nil, countsInstructions: Bool? = nil, seconds: Double? = nil
        ) {
            lua = LuaState.Limits()
            if let memoryBytes { lua.memoryBytes = memoryBytes }
            if let instructions { lua.instructions = instructions }
            if let countsInstructions { lua.countsInstructions = countsInstructions }
            if let seconds { lua.seconds = seconds }
        }

        /// Memory cap for everything the script allocates, in bytes (0 = none).
        public var memoryBytes: Int {
            get { lua.memoryBytes }
            set { lua.memoryBytes = newValue }
        }

        /// Instruction budget for each call into the script (0 = none).
        public var instructions: Int {
            get { lua.instructions }
            set { lua.instructions = newValue }
        }

        /// Count every instruction (exact, slower); off, `seconds` stops runaway code.
        public var countsInstructions: Bool {
            get { lua.countsInstructions }
            set { lua.countsInstructions = newValue }
        }

        /// Time limit for each call into the script, in seconds (0 = none).
        public var seconds: Double {
            get { lua.seconds }
            set { lua.seconds = newValue }
        }
    }
}
