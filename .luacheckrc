-- luacheck configuration for LuaLayout scripts (Debian: apt-get install lua-check; run
-- `luacheck Examples`). The globals are the sandbox's, checked against the running engine by
-- Tests/ScriptLayoutTests/LuacheckTests.swift.

local function fields(...)
  local result = {}
  for _, name in ipairs({...}) do result[name] = {} end
  return {fields = result}
end

-- The sandbox: base (no dofile, loadfile), string (no dump), table, math, utf8. No io, os,
-- debug, package or coroutine. Lua 5.3's deprecated math functions (math.pow, math.atan2, …)
-- are left out: only Lua builds with LUA_COMPAT_MATHLIB (Debian's, not every one) have them.
stds.lualayout_sandbox = {
  read_globals = {
    "_G", "_VERSION", "assert", "collectgarbage", "error", "getmetatable", "ipairs", "load",
    "next", "pairs", "pcall", "print", "rawequal", "rawget", "rawlen", "rawset", "select",
    "setmetatable", "tonumber", "tostring", "type", "warn", "xpcall",
    string = fields("byte", "char", "find", "format", "gmatch", "gsub", "len", "lower", "match",
      "pack", "packsize", "rep", "reverse", "sub", "unpack", "upper"),
    table = fields("concat", "insert", "move", "pack", "remove", "sort", "unpack"),
    math = fields("abs", "acos", "asin", "atan", "ceil", "cos", "deg", "exp", "floor", "fmod",
      "huge", "log", "max", "maxinteger", "min", "mininteger", "modf", "pi", "rad", "random",
      "randomseed", "sin", "sqrt", "tan", "tointeger", "type", "ult"),
    utf8 = fields("char", "charpattern", "codepoint", "codes", "len", "offset"),
  },
}

-- What LuaLayout adds: flow{...}, the compositional namespace and a require limited to Lua
-- files beside the script.
stds.lualayout = {
  read_globals = {"flow", "require",
    compositional = fields("item", "group", "customGroup", "section", "boundarySupplementaryItem",
      "supplementaryItem", "background", "list", "fractionalWidth", "fractionalHeight", "absolute", "estimated",
      "uniformAcrossSiblings", "fixed", "flexible")},
}

std = "lualayout_sandbox+lualayout"

-- Scenarios (`*.test.lua`, run by `lualayout simulate` and `lualayout test`) get the simulator's
-- globals; controllers (`*-controller.lua`) get none beyond the sandbox, and their callbacks'
-- fixed arguments (view, section, item, point) may go unused.
stds.lualayout_scenario = {
  read_globals = {
    "tap", "doubleTap", "pinch", "longPress", "touchDown", "touchMove", "touchUp", "drag", "scroll", "fling", "setState",
    "performBatchUpdates", "wait", "beginMove", "updateMove", "endMove", "cancelMove", "chooseMenuAction",
    "menuActions", "pasteboard", "isRefreshing",
    "contentOffset", "contentSize", "visibleItems", "selectedItems", "highlightedItems", "attributesOf", "state",
    "calls", "updates", "expect", "expectSnapshot", "expectImageSnapshot", "expectEqual", "expectNear", "expectFrame",
    "scrollSection", "sectionOffset", "reloadData", "setBounds",
    "beginTransition", "setTransitionProgress", "updateAnimatedValue", "finishTransition", "cancelTransition",
    "transitionProgress",
  },
}
files["**/*.test.lua"] = {std = "lualayout_sandbox+lualayout+lualayout_scenario"}
files["**/*-controller.lua"] = {ignore = {"212/view", "212/section", "212/item", "212/point", "212/action"}}

-- Callbacks and hooks are called with a fixed signature, so a layout may ignore any of their
-- arguments: unused arguments with these names are fine (any other unused argument is reported).
-- flow callbacks: (cv, section[, item]); prepare(cv, out); attributes and initial/final hooks
-- (cv, a); layoutAttributesForElements(cv, rect, elements); shouldInvalidateLayoutForBoundsChange
-- (cv, newBounds); targetContentOffset(cv, proposed, velocity); prepareForCollectionViewUpdates
-- (cv, updates).
ignore = {
  "212/cv", "212/section", "212/item", "212/out", "212/a", "212/rect", "212/elements",
  "212/newBounds", "212/proposed", "212/velocity", "212/updates",
  -- compositional: sectionProvider(cv, sectionIndex, env), preferredSizeForItem(cv, section,
  -- item, fitting), visibleItemsInvalidationHandler(items, offset, env), itemProvider(env).
  "212/sectionIndex", "212/env", "212/fitting", "212/kind", "212/items", "212/offset",
}

-- Code lines stay within 120 columns; comments may not (an example's `Run:` line is one command).
max_code_line_length = 120
max_comment_line_length = false

-- The LuaLS annotation stubs declare the API rather than use it.
exclude_files = {"Examples/.types/"}
