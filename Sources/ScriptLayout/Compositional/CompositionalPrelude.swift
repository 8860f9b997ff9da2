/// The Lua side of `compositional`: constructors that check their fields where the script
/// calls them (located errors, near-miss suggestions) and return fresh, normalised spec
/// tables, tagged in a weak table the host reads (`CompositionalTreeReader`).
enum CompositionalPrelude {
    /// Every constructor's fields: name → expected shape.
    static let fields: [String: [String: String]] = [
        "item": [
            "width": "dimension", "height": "dimension", "contentInsets": "insets", "edgeSpacing": "edgeSpacing",
            "supplementaryItems": "supplementaryItems",
        ],
        "group": [
            "axis": "axis", "width": "dimension", "height": "dimension", "contentInsets": "insets",
            "edgeSpacing": "edgeSpacing", "interItemSpacing": "spacing", "supplementaryItems": "supplementaryItems",
            "subitems": "subitems", "subitem": "subitem", "repeatingSubitem": "subitem", "count": "count",
        ],
        "customGroup": ["width": "dimension", "height": "dimension", "itemProvider": "function"],
        "section": [
            "group": "group", "contentInsets": "insets", "interGroupSpacing": "number",
            "orthogonalScrollingBehavior": "orthogonalScrollingBehavior",
            "boundarySupplementaryItems": "boundarySupplementaryItems", "decorationItems": "decorationItems",
            "supplementariesFollowContentInsets": "boolean", "contentInsetsReference": "contentInsetsReference",
            "visibleItemsInvalidationHandler": "function",
        ],
        "boundarySupplementaryItem": [
            "kind": "kind", "width": "dimension", "height": "dimension", "alignment": "alignment",
            "pinToVisibleBounds": "boolean", "extendsBoundary": "boolean", "offset": "point",
            "zIndex": "integer",
        ],
        "supplementaryItem": [
            "kind": "kind", "width": "dimension", "height": "dimension", "containerAnchor": "anchor",
            "itemAnchor": "anchor", "zIndex": "integer",
        ],
        "background": ["kind": "kind", "contentInsets": "insets", "zIndex": "integer"],
        "list": [
            "appearance": "listAppearance", "headerMode": "listHeaderMode", "footerMode": "listFooterMode",
            "showsSeparators": "boolean", "headerTopPadding": "padding", "backgroundColor": "kind",
        ],
    ]
    static let required: [String: [String]] = [
        "item": ["width", "height"], "group": ["axis", "width", "height"],
        "customGroup": ["width", "height", "itemProvider"],
        "section": ["group"], "boundarySupplementaryItem": ["kind", "width", "height", "alignment"],
        "supplementaryItem": ["kind", "width", "height", "containerAnchor"], "background": ["kind"],
        "list": ["appearance"],
    ]
    /// The values of each enumerated field, in the order messages list them.
    static let enumValues: [String: [String]] = [
        "axis": ["horizontal", "vertical"],
        "alignment": [
            "top", "topLeading", "leading", "bottomLeading", "bottom", "bottomTrailing", "trailing", "topTrailing",
        ],
        "orthogonalScrollingBehavior": [
            "none", "continuous", "continuousGroupLeadingBoundary", "paging", "groupPaging", "groupPagingCentered",
        ],
        "contentInsetsReference": ["automatic", "none", "safeArea", "layoutMargins", "readableContent"],
        "listAppearance": ["plain", "grouped", "insetGrouped", "sidebar", "sidebarPlain"],
        "listHeaderMode": ["none", "supplementary", "firstItemInSection"],
        "listFooterMode": ["none", "supplementary"],
    ]
    /// The namespace's functions, for the editor stubs and `check`.
    static let functions = [
        "item", "group", "customGroup", "section", "boundarySupplementaryItem", "supplementaryItem", "background",
        "list", "fractionalWidth", "fractionalHeight", "absolute", "estimated", "uniformAcrossSiblings", "fixed",
        "flexible",
    ]

    /// Lua table literal of `fields` / `required`, spliced into the source below.
    private static func literal(_ table: [String: [String: String]]) -> String {
        "{"
            + table.keys.sorted().map { constructor in
                "\(constructor) = {"
                    + table[constructor]!.keys.sorted().map { "\($0) = \"\(table[constructor]![$0]!)\"" }.joined(
                        separator: ", ") + "}"
            }.joined(separator: ",\n  ") + "}"
    }

    private static func literal(_ table: [String: [String]]) -> String {
        "{"
            + table.keys.sorted().map { "\($0) = {" + table[$0]!.map { "\"\($0)\"" }.joined(separator: ", ") + "}" }
            .joined(separator: ", ") + "}"
    }

    /// `{axis = {horizontal = true, vertical = true}, …}`.
    private static var enumSetsLiteral: String {
        "{"
            + enumValues.keys.sorted().map { name in
                "\(name) = {" + enumValues[name]!.map { "\($0) = true" }.joined(separator: ", ") + "}"
            }.joined(separator: ",\n  ") + "}"
    }

    /// `{axis = '"horizontal" or "vertical"', …}`.
    private static var enumTextLiteral: String {
        "{"
            + enumValues.keys.sorted().map { name in
                let quoted = enumValues[name]!.map { "\"\($0)\"" }
                return "\(name) = '" + quoted.dropLast().joined(separator: ", ") + " or " + quoted.last! + "'"
            }.joined(separator: ",\n  ") + "}"
    }

    static var source: String {
        """
        local tags, markLayout, here, nearName, nearValue = ...
        local type, error, pairs, ipairs, tostring, setmetatable, next = type, error, pairs, ipairs, tostring, setmetatable, next
        local mathType, huge, rawlen = math.type, math.huge, rawlen
        local FIELDS = \(literal(fields))
        local REQUIRED = \(literal(required))
        local ENUMS = \(enumSetsLiteral)
        local ENUM_TEXT = \(enumTextLiteral)
        local EDGES = {top = true, leading = true, bottom = true, trailing = true, left = "leading", right = "trailing"}

        local function fail(site, what, message) error(site .. "compositional." .. what .. ": " .. message, 0) end

        local function describe(value)
          local t = type(value)
          if t == "table" and tags[value] then return "a " .. tags[value] end
          if t == "string" then return 'the string "' .. value .. '"' end
          if t == "number" then
            if value ~= value then return "nan" end
            return tostring(value)
          end
          return t == "nil" and "nil" or "a " .. t
        end

        local function finite(v) return type(v) == "number" and v == v and v ~= huge and v ~= -huge end

        local function tagged(kind, spec) tags[spec] = kind; return spec end

        local C = {}

        local function number(site, what, name, value)
          if not finite(value) then fail(site, what, name .. " must be a finite number, got " .. describe(value)) end
          return value
        end

        -- Dimensions: a spec {type=, value=}; a plain number is absolute.
        local function dimensionMaker(kind)
          return function(value)
            local site = here("." .. kind)
            if not finite(value) then
              fail(site, kind, "expects a finite number, got " .. describe(value))
            end
            if (kind == "absolute" or kind == "estimated" or kind == "uniformAcrossSiblings") and value < 0 then
              fail(site, kind, "expects a size ≥ 0, got " .. tostring(value))
            end
            return tagged("dimension", {type = kind, value = value})
          end
        end
        for _, kind in ipairs({"fractionalWidth", "fractionalHeight", "absolute", "estimated", "uniformAcrossSiblings"}) do
          C[kind] = dimensionMaker(kind)
        end
        for _, kind in ipairs({"fixed", "flexible"}) do
          C[kind] = function(value)
            local site = here("." .. kind)
            if not finite(value) then fail(site, kind, "expects a finite number, got " .. describe(value)) end
            return tagged("spacing", {type = kind, value = value})
          end
        end

        local readers = {}
        function readers.dimension(site, what, name, value)
          if type(value) == "number" then
            if not finite(value) or value < 0 then
              fail(site, what, name .. " must be a finite size ≥ 0 or a dimension, got " .. tostring(value))
            end
            return tagged("dimension", {type = "absolute", value = value})
          end
          if tags[value] ~= "dimension" then
            fail(site, what, name .. " must be a dimension (compositional.fractionalWidth(f), .fractionalHeight(f), .absolute(v) or a number, .estimated(v), .uniformAcrossSiblings(v)), got " .. describe(value))
          end
          return value
        end
        function readers.spacing(site, what, name, value)
          if type(value) == "number" then return tagged("spacing", {type = "fixed", value = number(site, what, name, value)}) end
          if tags[value] ~= "spacing" then
            fail(site, what, name .. " must be a number, compositional.fixed(v) or compositional.flexible(v), got " .. describe(value))
          end
          return value
        end
        function readers.number(site, what, name, value) return number(site, what, name, value) end
        function readers.padding(site, what, name, value)
          if not finite(value) or value < 0 then fail(site, what, name .. " must be a finite number ≥ 0, got " .. describe(value)) end
          return value
        end
        function readers.integer(site, what, name, value)
          if mathType(value) ~= "integer" and not (finite(value) and value == value // 1) then
            fail(site, what, name .. " must be a whole number, got " .. describe(value))
          end
          return value
        end
        function readers.count(site, what, name, value)
          readers.integer(site, what, name, value)
          if value < 1 or value > 1000000 then fail(site, what, name .. " must be between 1 and 1000000, got " .. tostring(value)) end
          return value
        end
        function readers.boolean(site, what, name, value)
          if type(value) ~= "boolean" then fail(site, what, name .. " must be a boolean, got " .. describe(value)) end
          return value
        end
        function readers.kind(site, what, name, value)
          if type(value) ~= "string" or value == "" then fail(site, what, name .. " must be a non-empty string, got " .. describe(value)) end
          return value
        end
        readers["function"] = function(site, what, name, value)
          if type(value) ~= "function" then fail(site, what, name .. " must be a function, got " .. describe(value)) end
          return value
        end
        for enum, values in pairs(ENUMS) do
          readers[enum] = function(site, what, name, value)
            if type(value) ~= "string" or not values[value] then
              local hint = type(value) == "string" and nearValue(value, enum)
              fail(site, what, name .. " must be " .. ENUM_TEXT[enum] .. ", got " .. describe(value) .. (hint and (' (did you mean "' .. hint .. '"?)') or ""))
            end
            return value
          end
        end
        -- Insets: {top, leading, bottom, trailing} or named (left/right as synonyms).
        function readers.insets(site, what, name, value)
          local shape = "{top, leading, bottom, trailing} or {top=, leading=, bottom=, trailing=}"
          if type(value) ~= "table" then fail(site, what, name .. " must be " .. shape .. " with finite numbers, got " .. describe(value)) end
          local result = {top = 0, leading = 0, bottom = 0, trailing = 0}
          local positional = {"top", "leading", "bottom", "trailing"}
          for key, v in pairs(value) do
            local edge = type(key) == "number" and positional[key] or EDGES[key]
            if edge == true then edge = key end
            if not edge then fail(site, what, name .. ": unknown edge " .. describe(key) .. " (expected " .. shape .. ")") end
            if not finite(v) then fail(site, what, name .. "." .. tostring(key) .. " must be a finite number, got " .. describe(v)) end
            result[edge] = v
          end
          return result
        end
        function readers.point(site, what, name, value)
          if type(value) ~= "table" then fail(site, what, name .. " must be {x, y} or {x=, y=}, got " .. describe(value)) end
          local x, y = value.x or value[1] or 0, value.y or value[2] or 0
          if not finite(x) or not finite(y) then fail(site, what, name .. " must hold finite numbers") end
          return {x = x, y = y}
        end
        function readers.edgeSpacing(site, what, name, value)
          if type(value) ~= "table" then fail(site, what, name .. " must be {leading=, top=, trailing=, bottom=} of spacings, got " .. describe(value)) end
          local result = {}
          for key, v in pairs(value) do
            local edge = EDGES[key]
            if edge == true then edge = key end
            if not edge then fail(site, what, name .. ": unknown edge " .. describe(key) .. " (leading, top, trailing, bottom)") end
            result[edge] = readers.spacing(site, what, name .. "." .. key, v)
          end
          return result
        end
        function readers.anchor(site, what, name, value)
          if type(value) ~= "table" then
            fail(site, what, name .. ' must be {edges = {"top", "trailing"}, offset = {x, y}} or {edges = {...}, fractionalOffset = {x, y}}, got ' .. describe(value))
          end
          local result = {edges = {}}
          for key, v in pairs(value) do
            if key == "edges" then
              if type(v) ~= "table" then fail(site, what, name .. ".edges must be an array of edge names, got " .. describe(v)) end
              for i, edge in pairs(v) do
                local known = EDGES[edge]
                if known == true then known = edge end
                if type(i) ~= "number" or not known then
                  fail(site, what, name .. ".edges: unknown edge " .. describe(edge) .. ' ("top", "leading", "bottom", "trailing")')
                end
                result.edges[#result.edges + 1] = known
              end
            elseif key == "offset" or key == "fractionalOffset" then
              if result.offset then fail(site, what, name .. " takes offset or fractionalOffset, not both") end
              result.offset = readers.point(site, what, name .. "." .. key, v)
              result.fractional = key == "fractionalOffset"
            else
              fail(site, what, name .. ": unknown field " .. describe(key) .. " (edges, offset, fractionalOffset)")
            end
          end
          return result
        end
        local function listOf(tag, label)
          return function(site, what, name, value)
            if type(value) ~= "table" or tags[value] then
              fail(site, what, name .. " must be an array of " .. label .. ", got " .. describe(value))
            end
            local n = rawlen(value)
            local result = {}
            for i = 1, n do
              local v = value[i]
              if tags[v] ~= tag then fail(site, what, name .. "[" .. i .. "] must be a " .. label .. ", got " .. describe(v)) end
              result[i] = v
            end
            for key in pairs(value) do
              if mathType(key) ~= "integer" or key < 1 or key > n then
                fail(site, what, name .. " must be an array (found the key " .. describe(key) .. ")")
              end
            end
            return result
          end
        end
        readers.supplementaryItems = listOf("supplementaryItem", "compositional.supplementaryItem{...}")
        readers.boundarySupplementaryItems = listOf("boundarySupplementaryItem", "compositional.boundarySupplementaryItem{...}")
        readers.decorationItems = listOf("background", "compositional.background{...}")
        local function isSubitem(v) local t = tags[v]; return t == "item" or t == "group" or t == "customGroup" end
        function readers.subitem(site, what, name, value)
          if not isSubitem(value) then fail(site, what, name .. " must be an item or a group, got " .. describe(value)) end
          return value
        end
        function readers.subitems(site, what, name, value)
          if type(value) ~= "table" or tags[value] then
            fail(site, what, name .. " must be an array of items and groups, got " .. describe(value))
          end
          local n = rawlen(value)
          if n == 0 then fail(site, what, name .. " is empty: a group needs at least one subitem") end
          local result = {}
          for i = 1, n do result[i] = readers.subitem(site, what, name .. "[" .. i .. "]", value[i]) end
          return result
        end
        function readers.group(site, what, name, value)
          local t = tags[value]
          if t ~= "group" and t ~= "customGroup" then
            fail(site, what, name .. " must be a compositional.group{...} or compositional.customGroup{...}, got " .. describe(value))
          end
          return value
        end

        -- A constructor: checks every field, copies it normalised, tags the copy.
        local function constructor(kind)
          local fields, required = FIELDS[kind], REQUIRED[kind]
          return function(config)
            local site = here("." .. kind)
            if type(config) ~= "table" or tags[config] then
              fail(site, kind, "expects a table of fields, " .. kind .. "{...}, got " .. describe(config))
            end
            local spec = {site = site}
            for key, value in pairs(config) do
              local shape = type(key) == "string" and fields[key]
              if not shape then
                local hint = type(key) == "string" and nearName(key, kind)
                fail(site, kind, "unknown field " .. (type(key) == "string" and ("'" .. key .. "'") or describe(key)) .. (hint and (" (did you mean '" .. hint .. "'?)") or ""))
              end
              spec[key] = readers[shape](site, kind, key, value)
            end
            for _, key in ipairs(required) do
              if spec[key] == nil then fail(site, kind, key .. " is required") end
            end
            if kind == "group" then
              local given = (spec.subitems and 1 or 0) + (spec.subitem and 1 or 0) + (spec.repeatingSubitem and 1 or 0)
              if given ~= 1 then
                fail(site, kind, "give exactly one of subitems = {...}, subitem = X with count = n, repeatingSubitem = X with count = n" .. (given == 0 and " (a group with no subitems cannot place anything)" or ""))
              end
              if spec.subitems and spec.count then fail(site, kind, "count goes with subitem or repeatingSubitem, not subitems") end
              if not spec.subitems and not spec.count then fail(site, kind, "count is required with " .. (spec.subitem and "subitem" or "repeatingSubitem")) end
            end
            -- A list is a section (NSCollectionLayoutSection.list): the host reads spec.list.
            if kind == "list" then
              spec.site = nil
              return tagged("section", {site = site, list = spec})
            end
            return tagged(kind, spec)
          end
        end
        for kind in pairs(FIELDS) do C[kind] = constructor(kind) end

        -- An empty proxy: assigning to compositional.item (or anything) is an error.
        compositional = setmetatable({}, {
          __index = C,
          __call = function(_, config)
            -- No word to search for: `return compositional{...}` (a tail call) is found by
            -- the host, which knows the spellings of the call.
            local site = here()
            if config == nil then config = {} end
            if type(config) ~= "table" or tags[config] then
              error(site .. "compositional{...} expects a table of properties, got " .. describe(config), 0)
            end
            markLayout(config, site)
            return config
          end,
          __newindex = function() error("compositional is read-only", 2) end,
          -- The iterator keeps C to itself: pairs must not hand the raw table out.
          __pairs = function() return function(_, k) return next(C, k) end, nil, nil end,
          __metatable = "compositional",
        })
        """
    }
}

extension CompositionalPrelude {
    /// The field of `constructor` that `key` most likely misspells (by case or two edits).
    static func intendedField(for key: String, in constructor: String) -> String? {
        guard let names = fields[constructor]?.keys.sorted() else { return nil }
        return intended(key, among: names)
    }

    /// The value of enumerated field `field` that `text` most likely misspells.
    static func intendedValue(for text: String, of field: String) -> String? {
        guard let names = enumValues[field] else { return nil }
        return intended(text, among: names)
    }

    /// The name `key` most likely misspells: the same but for case, or the nearest within two edits.
    static func intended(_ key: String, among names: [String]) -> String? {
        guard key.utf8.count <= 64 else { return nil }
        if let same = names.first(where: { $0.lowercased() == key.lowercased() }) { return same }
        let letters = Array(key)
        let candidates = names.map { ($0, LayoutNames.editDistance(letters, Array($0), limit: 2)) }.filter { $0.1 <= 2 }
        return candidates.min { $0.1 < $1.1 }?.0
    }
}
