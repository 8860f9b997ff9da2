---@meta
-- LuaLayout's Lua API as annotations for the Lua Language Server (LuaLS): completion, hover
-- and type checks for layout scripts. Never run. `.luarc.json` (repository root and Examples/)
-- adds this folder to `workspace.library`; for your own layouts point yours at it too.
--
-- The API is docs/lua-api.md; Tests/ScriptLayoutTests/EditorStubsTests.swift checks that every
-- name there is here and that everything here exists in the engine.
--
-- Typing a layout: `flow{...}` returns a `lualayout.FlowLayout`; annotate a custom layout's
-- table with `---@type lualayout.CustomLayout` so `cv`, `out` and `a` complete in its hooks.
-- A layout that keeps its own helper fields on the table declares a class of its own:
-- `---@class MyLayout: lualayout.CustomLayout` (the checker then accepts the extra fields).

-- MARK: Values

---A size: `{w, h}` or `{width = w, height = h}` (a table with both is read by its array part).
---@alias lualayout.SizeValue number[]|{width: number, height: number}

---Insets: exactly four numbers `{top, left, bottom, right}`, named fields (missing ones are 0),
---or one number for all four.
---@alias lualayout.InsetsValue number|number[]|{top?: number, left?: number, bottom?: number, right?: number}

---A rect: `{x=, y=, width=, height=}` or `{x, y, w, h}`.
---@alias lualayout.RectValue number[]|{x: number, y: number, width: number, height: number}

---A point: `{x=, y=}` or `{x, y}`.
---@alias lualayout.PointValue number[]|{x: number, y: number}

---16 numbers, row-major like CATransform3D's m11…m44 (identity by default).
---@alias lualayout.Transform3D number[]

---@alias lualayout.ScrollDirection "vertical"|"horizontal"
---@alias lualayout.SectionInsetReference "contentInset"|"safeArea"|"layoutMargins"
---@alias lualayout.Category "cell"|"supplementary"|"decoration"
---@alias lualayout.UpdateAction "insert"|"delete"|"move"|"reload"

---A custom attribute: a string, number (finite), boolean or (nested) array/table.
---@alias lualayout.CustomValue string|number|boolean|table

---A rect as the engine passes it to Lua.
---@class lualayout.Rect
---@field x number
---@field y number
---@field width number
---@field height number

---A point as the engine passes it to Lua.
---@class lualayout.Point
---@field x number
---@field y number

---A size as the engine passes it to Lua.
---@class lualayout.Size
---@field width number
---@field height number

---Insets as the engine passes them to Lua.
---@class lualayout.Insets
---@field top number
---@field left number
---@field bottom number
---@field right number

---An index path, 0-based as in UIKit. A supplementary or decoration view's path may have more
---than two components: it then also reads as the array of them (`path[3]`).
---@class lualayout.IndexPath
---@field section integer
---@field item integer
---@field [integer] integer

---An index path of a batch update: `item` is nil for a whole-section update.
---@class lualayout.UpdateIndexPath
---@field section integer
---@field item integer?

---One change of a batch update (UICollectionViewUpdateItem): deletes have only the before path,
---inserts only the after path, moves and reloads both.
---@class lualayout.Update
---@field updateAction lualayout.UpdateAction
---@field indexPathBeforeUpdate lualayout.UpdateIndexPath?
---@field indexPathAfterUpdate lualayout.UpdateIndexPath?

-- MARK: cv

---The read-only collection context passed to every callback and hook (assigning to it, or to
---any table in it, is an error).
---@class lualayout.CollectionView
---@field bounds lualayout.Rect The viewport; its origin is the content offset.
---@field scale number Screen scale (`--scale`, default 1).
---@field numberOfSections integer Number of sections.
---@field state table<string, any> Host state: `--state KEY=VALUE` (booleans, numbers, strings).
---@field contentSize lualayout.Size The prepared layout's content size (UIKit's `collectionViewContentSize`), read in hooks; nil during `prepare` and the flow callbacks.
---@field contentInset lualayout.Insets The collection view's content inset (`--content-inset`).
---@field safeAreaInsets lualayout.Insets The safe area (`--safe-area`).
---@field adjustedContentInset lualayout.Insets `contentInset` plus `safeAreaInsets` (UIKit's automatic adjustment).
---@field layoutMargins lualayout.Insets The layout margins (`--layout-margins`).
---@field traits lualayout.Traits The trait collection (`--trait KEY=VALUE`).
---@field layoutDirection "leftToRight"|"rightToLeft" The layout direction (`--layout-direction`).
---@field iosVersion integer The iOS release whose UIKit behaviour applies (`--ios`, default 17): 13 to 18, or 26.
local CollectionView = {}

---UITraitCollection, as far as a layout reads it (UIKit's case names).
---@class lualayout.Traits
---@field horizontalSizeClass "compact"|"regular" Default "compact".
---@field verticalSizeClass "compact"|"regular" Default "regular".
---@field userInterfaceIdiom "phone"|"pad"|"mac" Default "phone".
---@field preferredContentSizeCategory string UIContentSizeCategory's name, default "large".
---@field displayScale number The screen scale (`--scale`).

---Items in a section (0 outside the range).
---@param section integer
---@return integer
function CollectionView:numberOfItems(section) end

---The item's JSON payload as a Lua value, or nil.
---@param section integer
---@param item integer
---@return any
function CollectionView:itemData(section, item) end

---The section's payload (`"data"` of a section object in the data file), or nil.
---@param section integer
---@return any
function CollectionView:sectionData(section) end

---Super query (UIKit's `super.layoutAttributesForItem(at:)`): the prepared cell, as a copy that
---may be edited freely, or nil. In hooks only, not while `prepare` or the flow callbacks run.
---@param section integer
---@param item integer
---@return lualayout.Attributes?
function CollectionView:layoutAttributesForItem(section, item) end

---Super query: the prepared supplementary view, as a copy, or nil.
---@param kind string
---@param section integer
---@param item integer
---@return lualayout.Attributes?
---@overload fun(self: lualayout.CollectionView, kind: string, indexPath: integer[]): lualayout.Attributes?
function CollectionView:layoutAttributesForSupplementaryElement(kind, section, item) end

---Super query: the prepared decoration view, as a copy, or nil.
---@param kind string
---@param section integer
---@param item integer
---@return lualayout.Attributes?
---@overload fun(self: lualayout.CollectionView, kind: string, indexPath: integer[]): lualayout.Attributes?
function CollectionView:layoutAttributesForDecorationElement(kind, section, item) end

---Super query: copies of the prepared elements meeting `rect` (before any rect-query hook).
---@param rect lualayout.RectValue
---@return lualayout.Attributes[]
function CollectionView:layoutAttributesForElements(rect) end

-- MARK: out

---A looping attribute animation (CABasicAnimation's fields), played by the pictures and the
---preview over the element; the layout itself never moves. Linear.
---@class lualayout.Animation
---@field keyPath "rotation"|"scale"|"translation.x"|"translation.y"|"opacity" Rotation in degrees about the centre; opacity multiplies alpha.
---@field fromValue number
---@field toValue number
---@field duration number Seconds one way, > 0.
---@field autoreverses boolean? Play back to fromValue too (default false).
---@field repeatCount number? Cycles, > 0 (default math.huge: forever).
---@field timeOffset number? Seconds the animation is already in when shown: its phase (default 0).

---The optional last argument of `out:cell/supplementary/decoration`: the standard attributes
---and any other field as a custom attribute, carried to every output.
---@class lualayout.Extra
---@field alpha number? From 0 to 1 (default 1).
---@field zIndex integer? A whole number within ±2147483647 (default 0).
---@field hidden boolean? Default false.
---@field transform3D lualayout.Transform3D? 16 numbers, row-major (default identity).
---@field animations (lualayout.Animation|lualayout.Animation[])? Looping animations the outputs play.
---@field [string] lualayout.CustomValue

---The sink `prepare(cv, out)` places every element through.
---@class lualayout.Out
local Out = {}

---Places a cell; its index path must exist in the data.
---@param section integer
---@param item integer
---@param x number
---@param y number
---@param w number
---@param h number
---@param extra? lualayout.Extra
function Out:cell(section, item, x, y, w, h, extra) end

---Places a supplementary view of any kind (e.g. `"header"`); its section must exist.
---@param kind string
---@param section integer
---@param item integer
---@param x number
---@param y number
---@param w number
---@param h number
---@param extra? lualayout.Extra
---@overload fun(self: lualayout.Out, kind: string, indexPath: integer[], x: number, y: number, w: number, h: number, extra?: lualayout.Extra)
function Out:supplementary(kind, section, item, x, y, w, h, extra) end

---Places a decoration view of any kind, at any index path.
---@param kind string
---@param section integer
---@param item integer
---@param x number
---@param y number
---@param w number
---@param h number
---@param extra? lualayout.Extra
---@overload fun(self: lualayout.Out, kind: string, indexPath: integer[], x: number, y: number, w: number, h: number, extra?: lualayout.Extra)
function Out:decoration(kind, section, item, x, y, w, h, extra) end

---Sets the content size (default: the far right and bottom edges of what was placed).
---@param w number
---@param h number
function Out:contentSize(w, h) end

-- MARK: a

---One element's layout attributes (UICollectionViewLayoutAttributes), writable. Valid only during
---the hook call it was passed to or made in (by a super query).
---@class lualayout.Attributes
---@field category lualayout.Category Read-only.
---@field kind string? Read-only; nil for cells.
---@field section integer Read-only.
---@field item integer Read-only.
---@field indexPath lualayout.IndexPath Read-only.
---@field frame lualayout.Rect
---@field x number
---@field y number
---@field width number
---@field height number
---@field center lualayout.Point Setting it moves the frame.
---@field size lualayout.Size Setting it keeps the centre, as UIKit does.
---@field alpha number From 0 to 1.
---@field zIndex integer
---@field hidden boolean
---@field transform3D lualayout.Transform3D
---@field animations lualayout.Animation[]? Looping animations the outputs play (one table or a list when set; nil: none).
---@field [string] lualayout.CustomValue Any other name is a custom attribute; nil removes it.

-- MARK: Layouts

---A transition layout (a UICollectionViewTransitionLayout subclass): what a transition script
---returns, and what a layout's `transitionLayout` holds.
---@class lualayout.TransitionScript
---@field animatedKeys? table<string, any> Keys updateAnimatedValue sets; the hook reads them as cv.animatedValues.
---@field attributes? fun(cv: lualayout.CollectionView, a: lualayout.Attributes, from: lualayout.Attributes?, to: lualayout.Attributes?, progress: number) Edit `a`, the linear interpolation of `from` and `to`.

---What every layout may define (UICollectionViewLayout's overrides).
---@class lualayout.Layout
---@field flipsHorizontallyInOppositeLayoutDirection? boolean Mirror the layout under `--layout-direction rtl` (default: true for flow and compositional layouts, false for custom ones).
---@field transitionLayout? lualayout.TransitionScript The transition layout this layout provides for interactive transitions to it (used when beginTransition names none).
local Layout = {}

---Rect-query phase: called once per returned element, for every query (rect, whole layout,
---single element). Edit `a`.
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
function Layout.attributes(cv, a) end

---UIKit's `layoutAttributesForElements(in:)` override: `elements` are the attributes objects
---found for `rect`, each already through `attributes`; edit, drop, reorder or add (from super
---queries) and return the array to report. Not called for single-element queries.
---@param cv lualayout.CollectionView
---@param rect lualayout.Rect
---@param elements lualayout.Attributes[]
---@return lualayout.Attributes[]
function Layout.layoutAttributesForElements(cv, rect, elements) end

---UIKit's `layoutAttributesForItem(at:)` override: called for single-element queries
---(`--item`, the simulator's `attributesOf`) after `attributes`, never for rect queries. Edit `a`.
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
function Layout.layoutAttributesForItem(cv, a) end

---UIKit's `layoutAttributesForSupplementaryView(ofKind:at:)` override: single-element queries
---(`--supplementary`) after `attributes`. Edit `a`.
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
function Layout.layoutAttributesForSupplementaryElement(cv, a) end

---UIKit's `layoutAttributesForDecorationView(ofKind:at:)` override: single-element queries
---after `attributes`. Edit `a`.
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
function Layout.layoutAttributesForDecorationElement(cv, a) end

---Whether a move or resize of the viewport to `newBounds` invalidates the layout (flow default:
---a width change, or any change when pinning headers or footers).
---@param cv lualayout.CollectionView
---@param newBounds lualayout.Rect
---@return boolean
function Layout.shouldInvalidateLayoutForBoundsChange(cv, newBounds) end

---Where a fling proposing `proposed` stops: return x, y (or `{x=, y=}`). Default: `proposed`.
---@param cv lualayout.CollectionView
---@param proposed lualayout.Point
---@param velocity lualayout.Point
---@return number|lualayout.PointValue x
---@return number? y
function Layout.targetContentOffset(cv, proposed, velocity) end

---Where an interactively moving item (now at `indexPath`) goes with the finger at `position`
---(content coordinates): `{section, item}`, or nil for the item drawn under the position.
---@param cv lualayout.CollectionView
---@param indexPath integer[] {section, item}
---@param position lualayout.Point
---@return integer[]?
function Layout.targetIndexPathForInteractivelyMovingItem(cv, indexPath, position) end

---The moving cell as drawn: edit `a` (it comes centred on `position`, above the others).
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
---@param position lualayout.Point
function Layout.layoutAttributesForInteractivelyMovingItem(cv, a, position) end

---Before a batch update is animated: remember `updates` to tell appearing and disappearing
---elements apart in the initial/final hooks.
---@param cv lualayout.CollectionView
---@param updates lualayout.Update[]
function Layout.prepareForCollectionViewUpdates(cv, updates) end

---After a batch update.
---@param cv lualayout.CollectionView
function Layout.finalizeCollectionViewUpdates(cv) end

---For each cell on screen after a batch update (inserted, reloaded, moved or merely persisting,
---as UIKit asks): edit `a`, which holds the default start (a persisting cell's attributes before).
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
function Layout.initialLayoutAttributesForAppearingItem(cv, a) end

---For each appearing supplementary view: edit `a`, which holds the default start.
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
function Layout.initialLayoutAttributesForAppearingSupplementaryElement(cv, a) end

---For each appearing decoration view: edit `a`, which holds the default start.
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
function Layout.initialLayoutAttributesForAppearingDecorationElement(cv, a) end

---For each cell on screen before a batch update (deleted, reloaded, moved or persisting): edit
---`a`, which holds the default end (same frame, alpha 0; a persisting cell's attributes after,
---an answer not used since the cell stays on).
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
function Layout.finalLayoutAttributesForDisappearingItem(cv, a) end

---For each disappearing supplementary view: edit `a`, which holds the default end.
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
function Layout.finalLayoutAttributesForDisappearingSupplementaryElement(cv, a) end

---For each disappearing decoration view: edit `a`, which holds the default end.
---@param cv lualayout.CollectionView
---@param a lualayout.Attributes
function Layout.finalLayoutAttributesForDisappearingDecorationElement(cv, a) end

---A custom layout (a UICollectionViewLayout subclass): a table with `prepare`.
---@class lualayout.CustomLayout: lualayout.Layout
local CustomLayout = {}

---Runs once per invalidation and places every element through `out` (a layout defining
---elementsInRect places nothing here and gives the content size).
---@param cv lualayout.CollectionView
---@param out lualayout.Out
function CustomLayout.prepare(cv, out) end

---Huge sets: places the elements of one rect query through `out` (the engine keeps those that
---intersect `rect`); defining it makes `prepare` place nothing. Requires itemAttributes.
---@param cv lualayout.CollectionView
---@param rect lualayout.Rect
---@param out lualayout.Out
function CustomLayout.elementsInRect(cv, rect, out) end

---Huge sets: one item's frame (and extras) as `out:cell` takes them after the index path, or
---nil for no such item. Requires elementsInRect.
---@param cv lualayout.CollectionView
---@param section integer
---@param item integer
---@return number? x
---@return number? y
---@return number? w
---@return number? h
---@return table? extra
function CustomLayout.itemAttributes(cv, section, item) end

---A flow layout (UICollectionViewFlowLayout), made by `flow{...}`. Every property may be
---omitted, and each may also be a function of `cv` returning its value (evaluated once per
---prepare, before the delegate callbacks; a size may come back as two numbers).
---`prepare(cv, out)` adds the subclass's own supplementary and decoration views after the flow's.
---@class lualayout.FlowLayout: lualayout.Layout
---@field scrollDirection? lualayout.ScrollDirection|fun(cv: lualayout.CollectionView): lualayout.ScrollDirection Default "vertical".
---@field itemSize? lualayout.SizeValue|fun(cv: lualayout.CollectionView): lualayout.SizeValue|number, number? Default {50, 50}.
---@field minimumLineSpacing? number|fun(cv: lualayout.CollectionView): number Default 10.
---@field minimumInteritemSpacing? number|fun(cv: lualayout.CollectionView): number Default 10.
---@field sectionInset? lualayout.InsetsValue|fun(cv: lualayout.CollectionView): lualayout.InsetsValue Default {0, 0, 0, 0}.
---@field sectionInsetReference? lualayout.SectionInsetReference|fun(cv: lualayout.CollectionView): lualayout.SectionInsetReference Default "contentInset".
---@field headerReferenceSize? lualayout.SizeValue|fun(cv: lualayout.CollectionView): lualayout.SizeValue|number, number? Only the scroll-axis component counts; default {0, 0}.
---@field footerReferenceSize? lualayout.SizeValue|fun(cv: lualayout.CollectionView): lualayout.SizeValue|number, number? Default {0, 0}.
---@field sectionHeadersPinToVisibleBounds? boolean|fun(cv: lualayout.CollectionView): boolean Default false.
---@field sectionFootersPinToVisibleBounds? boolean|fun(cv: lualayout.CollectionView): boolean Default false.
---@field estimatedItemSize? lualayout.SizeValue|fun(cv: lualayout.CollectionView): lualayout.SizeValue|number, number? Self-sizing cells: the estimate `preferredSizeForItem` measures.
local FlowLayout = {}

---A flow subclass's `prepare`: runs after the flow placed its elements (super's prepare; super
---queries and `cv.contentSize` answer with them) and adds supplementary and decoration views
---through `out` (`out:cell` is an error: the flow owns the cells). Added elements are stored and
---returned with the flow's and go through the same hooks; they do not pin.
---@param cv lualayout.CollectionView
---@param out lualayout.Out
function FlowLayout.prepare(cv, out) end

---Delegate callback (`collectionView(_:layout:sizeForItemAt:)`): the item's size, or two numbers
---`w, h`. Called once per item per prepare.
---@param cv lualayout.CollectionView
---@param section integer
---@param item integer
---@return lualayout.SizeValue|number w
---@return number? h
function FlowLayout.sizeForItem(cv, section, item) end

---Delegate callback: the section's insets.
---@param cv lualayout.CollectionView
---@param section integer
---@return lualayout.InsetsValue
function FlowLayout.insetForSection(cv, section) end

---Delegate callback: the section's minimum line spacing.
---@param cv lualayout.CollectionView
---@param section integer
---@return number
function FlowLayout.minimumLineSpacingForSection(cv, section) end

---Delegate callback: the section's minimum interitem spacing.
---@param cv lualayout.CollectionView
---@param section integer
---@return number
function FlowLayout.minimumInteritemSpacingForSection(cv, section) end

---Delegate callback: the section header's reference size, or two numbers.
---@param cv lualayout.CollectionView
---@param section integer
---@return lualayout.SizeValue|number w
---@return number? h
function FlowLayout.referenceSizeForHeader(cv, section) end

---Delegate callback: the section footer's reference size, or two numbers.
---@param cv lualayout.CollectionView
---@param section integer
---@return lualayout.SizeValue|number w
---@return number? h
function FlowLayout.referenceSizeForFooter(cv, section) end

---Self-sizing (with `estimatedItemSize`): the item's measured size, or nil to keep the
---estimate; `fitting` is the estimate.
---@param cv lualayout.CollectionView
---@param section integer
---@param item integer
---@param fitting lualayout.Size
---@return lualayout.SizeValue|number|nil w
---@return number? h
function FlowLayout.preferredSizeForItem(cv, section, item, fitting) end

-- MARK: Compositional layouts

---A dimension made by `compositional.fractionalWidth(f)` and its kin; a plain number is absolute.
---@class lualayout.Dimension
---@alias lualayout.DimensionValue lualayout.Dimension|number

---A spacing made by `compositional.fixed(v)` / `compositional.flexible(v)`; a plain number is fixed.
---@class lualayout.Spacing
---@alias lualayout.SpacingValue lualayout.Spacing|number

---Directional insets: `{top, leading, bottom, trailing}` or named (`left`/`right` accepted).
---@alias lualayout.DirectionalInsetsValue number[]|{top?: number, leading?: number, bottom?: number, trailing?: number, left?: number, right?: number}
---@alias lualayout.Edge "top"|"leading"|"bottom"|"trailing"
---@alias lualayout.RectAlignment "top"|"topLeading"|"leading"|"bottomLeading"|"bottom"|"bottomTrailing"|"trailing"|"topTrailing"
---@alias lualayout.OrthogonalScrollingBehavior "none"|"continuous"|"continuousGroupLeadingBoundary"|"paging"|"groupPaging"|"groupPagingCentered"
---@alias lualayout.ContentInsetsReference "automatic"|"none"|"safeArea"|"layoutMargins"|"readableContent"

---An anchor: `{edges = {"top", "trailing"}, offset = {x, y}}` or `{edges = {...}, fractionalOffset = {x, y}}`.
---@class lualayout.Anchor
---@field edges lualayout.Edge[]
---@field offset? lualayout.PointValue
---@field fractionalOffset? lualayout.PointValue

---Space outside an item's box, per edge.
---@class lualayout.EdgeSpacing
---@field leading? lualayout.SpacingValue
---@field top? lualayout.SpacingValue
---@field trailing? lualayout.SpacingValue
---@field bottom? lualayout.SpacingValue

---`compositional.item{...}` (NSCollectionLayoutItem).
---@class lualayout.CompositionalItem
---@field width lualayout.DimensionValue
---@field height lualayout.DimensionValue
---@field contentInsets? lualayout.DirectionalInsetsValue
---@field edgeSpacing? lualayout.EdgeSpacing
---@field supplementaryItems? lualayout.CompositionalSupplementaryItem[]

---`compositional.group{...}` (NSCollectionLayoutGroup): exactly one of `subitems`, `subitem` +
---`count`, `repeatingSubitem` + `count`.
---@class lualayout.CompositionalGroup
---@field axis "horizontal"|"vertical"
---@field width lualayout.DimensionValue
---@field height lualayout.DimensionValue
---@field subitems? (lualayout.CompositionalItem|lualayout.CompositionalGroup)[]
---@field subitem? lualayout.CompositionalItem|lualayout.CompositionalGroup
---@field repeatingSubitem? lualayout.CompositionalItem|lualayout.CompositionalGroup
---@field count? integer
---@field contentInsets? lualayout.DirectionalInsetsValue
---@field edgeSpacing? lualayout.EdgeSpacing
---@field interItemSpacing? lualayout.SpacingValue
---@field supplementaryItems? lualayout.CompositionalSupplementaryItem[]

---The `env` of a custom group's item provider.
---@class lualayout.CustomGroupEnvironment: lualayout.LayoutEnvironment
---@field section integer

---`compositional.customGroup{...}`: frames in group coordinates, one data item each.
---@class lualayout.CompositionalCustomGroup
---@field width lualayout.DimensionValue
---@field height lualayout.DimensionValue
---@field itemProvider fun(env: lualayout.CustomGroupEnvironment): lualayout.RectValue[]

---`compositional.boundarySupplementaryItem{...}`: a section (or layout) header or footer.
---@class lualayout.CompositionalBoundaryItem
---@field kind string
---@field width lualayout.DimensionValue
---@field height lualayout.DimensionValue
---@field alignment lualayout.RectAlignment
---@field pinToVisibleBounds? boolean Default false.
---@field extendsBoundary? boolean Default true.
---@field offset? lualayout.PointValue
---@field zIndex? integer Default 1.

---`compositional.supplementaryItem{...}`: anchored to an item or group (a badge).
---@class lualayout.CompositionalSupplementaryItem
---@field kind string
---@field width lualayout.DimensionValue
---@field height lualayout.DimensionValue
---@field containerAnchor lualayout.Anchor
---@field itemAnchor? lualayout.Anchor
---@field zIndex? integer Default 1.

---`compositional.background{...}`: a section background decoration.
---@class lualayout.CompositionalBackground
---@field kind string
---@field contentInsets? lualayout.DirectionalInsetsValue
---@field zIndex? integer Default 0.

---`compositional.section{...}` (NSCollectionLayoutSection).
---@class lualayout.CompositionalSection
---@field group lualayout.CompositionalGroup|lualayout.CompositionalCustomGroup
---@field contentInsets? lualayout.DirectionalInsetsValue
---@field interGroupSpacing? number
---@field orthogonalScrollingBehavior? lualayout.OrthogonalScrollingBehavior
---@field boundarySupplementaryItems? lualayout.CompositionalBoundaryItem[]
---@field decorationItems? lualayout.CompositionalBackground[]
---@field supplementariesFollowContentInsets? boolean Default true.
---@field contentInsetsReference? lualayout.ContentInsetsReference
---@field visibleItemsInvalidationHandler? fun(items: lualayout.Attributes[], offset: lualayout.Point, env: lualayout.LayoutEnvironment)

---`compositional.list{...}` (UICollectionLayoutListConfiguration): returns a section laid out
---as a list (`NSCollectionLayoutSection.list(using:layoutEnvironment:)`); metrics in docs/lists.md.
---@class lualayout.CompositionalList
---@field appearance "plain"|"grouped"|"insetGrouped"|"sidebar"|"sidebarPlain"
---@field headerMode? "none"|"supplementary"|"firstItemInSection" Default "none".
---@field footerMode? "none"|"supplementary" Default "none".
---@field showsSeparators? boolean Default true (false in sidebars).
---@field headerTopPadding? number Default automatic (22 in plain lists, 0 otherwise).
---@field backgroundColor? string A color name or "#RRGGBB": a "background" decoration behind the section.

---The container a section provider sees.
---@class lualayout.LayoutContainer
---@field contentSize lualayout.Size
---@field effectiveContentSize lualayout.Size
---@field contentInsets {top: number, leading: number, bottom: number, trailing: number}

---`env` of `sectionProvider` and `visibleItemsInvalidationHandler` (NSCollectionLayoutEnvironment).
---@class lualayout.LayoutEnvironment
---@field container lualayout.LayoutContainer
---@field displayScale number
---@field traitCollection lualayout.Traits

---A compositional layout (UICollectionViewCompositionalLayout), made by `compositional{...}`:
---`section` (one for every data section) or `sectionProvider`.
---@class lualayout.CompositionalLayout: lualayout.Layout
---@field section? lualayout.CompositionalSection
---@field sectionProvider? fun(cv: lualayout.CollectionView, sectionIndex: integer, env: lualayout.LayoutEnvironment): lualayout.CompositionalSection?
---@field scrollDirection? lualayout.ScrollDirection Default "vertical".
---@field interSectionSpacing? number Default 0.
---@field boundarySupplementaryItems? lualayout.CompositionalBoundaryItem[]
---@field contentInsetsReference? lualayout.ContentInsetsReference Default "safeArea".
---@field roundingModel? "modern"|"legacy" Default: the iOS release's (`--ios`): legacy through iOS 15, modern from 16; set, it overrides the release's with a warning.
---@field list? lualayout.CompositionalSection `compositional.list{...}`: the whole layout is a list (UICollectionViewCompositionalLayout.list(using:)).
local CompositionalLayout = {}

---Self-sizing: the preferred size of an item with an estimated dimension (only the estimated
---axes are taken; `fitting` holds the fixed ones). Return nil to keep the estimate.
---@param cv lualayout.CollectionView
---@param section integer
---@param item integer
---@param fitting lualayout.Size
---@return lualayout.SizeValue|number|nil w
---@return number? h
function CompositionalLayout.preferredSizeForItem(cv, section, item, fitting) end

---Self-sizing for supplementary items with an estimated dimension.
---@param cv lualayout.CollectionView
---@param kind string
---@param section integer
---@param item integer
---@param fitting lualayout.Size
---@return lualayout.SizeValue|number|nil w
---@return number? h
function CompositionalLayout.preferredSizeForSupplementary(cv, kind, section, item, fitting) end

---The `compositional` namespace; `compositional{...}` makes the layout.
---@class lualayout.Compositional
---@overload fun(properties: lualayout.CompositionalLayout): lualayout.CompositionalLayout
local Compositional = {}

---@param fields lualayout.CompositionalItem
---@return lualayout.CompositionalItem
function Compositional.item(fields) end

---@param fields lualayout.CompositionalGroup
---@return lualayout.CompositionalGroup
function Compositional.group(fields) end

---@param fields lualayout.CompositionalCustomGroup
---@return lualayout.CompositionalCustomGroup
function Compositional.customGroup(fields) end

---@param fields lualayout.CompositionalSection
---@return lualayout.CompositionalSection
function Compositional.section(fields) end

---@param fields lualayout.CompositionalBoundaryItem
---@return lualayout.CompositionalBoundaryItem
function Compositional.boundarySupplementaryItem(fields) end

---@param fields lualayout.CompositionalSupplementaryItem
---@return lualayout.CompositionalSupplementaryItem
function Compositional.supplementaryItem(fields) end

---@param fields lualayout.CompositionalBackground
---@return lualayout.CompositionalBackground
function Compositional.background(fields) end

---A list section (UICollectionLayoutListConfiguration).
---@param fields lualayout.CompositionalList
---@return lualayout.CompositionalSection
function Compositional.list(fields) end

---A fraction of the container's width (either axis).
---@param fraction number
---@return lualayout.Dimension
function Compositional.fractionalWidth(fraction) end

---A fraction of the container's height (either axis).
---@param fraction number
---@return lualayout.Dimension
function Compositional.fractionalHeight(fraction) end

---@param points number
---@return lualayout.Dimension
function Compositional.absolute(points) end

---An estimate, replaced by `preferredSizeForItem`'s answer.
---@param points number
---@return lualayout.Dimension
function Compositional.estimated(points) end

---An estimate; every sibling takes the largest measured size.
---@param points number
---@return lualayout.Dimension
function Compositional.uniformAcrossSiblings(points) end

---@param points number
---@return lualayout.Spacing
function Compositional.fixed(points) end

---A spacing that takes at least `points` and shares the leftover.
---@param points number
---@return lualayout.Spacing
function Compositional.flexible(points) end

-- MARK: Globals

---Marks `properties` as a flow layout (UICollectionViewFlowLayout) and returns it, so hooks can
---be added to it afterwards like overrides in a subclass.
---@param properties? lualayout.FlowLayout
---@return lualayout.FlowLayout
function flow(properties) end

---The compositional namespace: `compositional{...}` makes a layout, `compositional.item{...}` and
---its kin make its parts.
---@type lualayout.Compositional
compositional = Compositional

---Loads `name.lua` beside the script (`a.b` → `a/b.lua`), runs it once and caches its result;
---nothing else can be required.
---@param name string
---@return any
function require(name) end

-- MARK: Scenarios and controllers (lualayout simulate)

---A touch as controller callbacks receive it: viewport, content and cell coordinates (the cell
---ones nil on empty space).
---@class lualayout.TouchPoint
---@field x number Viewport x.
---@field y number Viewport y.
---@field contentX number
---@field contentY number
---@field localX number? In the cell's own coordinates; nil on empty space.
---@field localY number?
---@field section integer? The cell hit; nil on empty space.
---@field item integer?
---@field indexPath lualayout.ItemPath? The cell hit, as an index path; nil on empty space.

---An index path as the simulator returns it: `{section, item}`, also readable by name (and
---printed `{0, 3}`). Taken back wherever an index path is (batches, attributesOf, selectItem…).
---@class lualayout.ItemPath
---@field [1] integer
---@field [2] integer
---@field section integer
---@field item integer

---A batch update, every key of `lualayout update`: deletes and reloads name index paths (and
---sections) before the update, inserts after it, a move names both (from, to). An inserted item
---may carry its payload, `{0, 3, data = {...}}`; an inserted section is an index (empty),
---`{2, items = {payload, ...}}` or `{2, count = N}`.
---@class lualayout.Batch
---@field delete? integer[][]
---@field insert? table[]
---@field reload? integer[][]
---@field move? integer[][][]
---@field deleteSections? integer[]
---@field insertSections? (integer|table)[]
---@field reloadSections? integer[]
---@field moveSections? integer[][]

---Options of an animated state change.
---@class lualayout.StateAnimation
---@field duration number Seconds (UIView.animate around the invalidation).

---Data as a data file holds it: `{sections = {{item, ...}, 3, {count = 2, data = ...}}}`.
---@class lualayout.Data
---@field sections (any[]|integer|table)[]

---The `view` object controller callbacks receive (read-only except through its methods).
---@class lualayout.View
local View = {}

---Sets host state (`cv.state[key]`; nil removes it) and invalidates the layout (one prepare
---after the callback returns): no animation, or animated over `options.duration` seconds.
---@param key string
---@param value any
---@param options? lualayout.StateAnimation
function View:setState(key, value, options) end

---Replaces the whole data (no animation; selection and highlight cleared): a table of the data
---file's shape or a data file's path (relative: beside the controller).
---@param data lualayout.Data|string
function View:reloadData(data) end

---A copy of the host state.
---@return table<string, any>
function View:state() end

---The model changes first, then the animated update.
---@param batch lualayout.Batch
function View:performBatchUpdates(batch) end

---Selects without calling the delegate (single selection replaces the selection). Takes an
---index path the view handed out (or {s, i}) in place of `section, item`.
---@param section integer|lualayout.ItemPath
---@param item? integer
function View:selectItem(section, item) end

---Deselects without calling the delegate (`section, item` or one index path).
---@param section integer|lualayout.ItemPath
---@param item? integer
function View:deselectItem(section, item) end

---Scrolls to the content offset (clamped).
---@param x number
---@param y number
function View:scrollTo(x, y) end

---@return lualayout.Point
function View:contentOffset() end

---@return lualayout.Size
function View:contentSize() end

---@return lualayout.ItemPath[]
function View:visibleItems() end

---@return lualayout.ItemPath[]
function View:selectedItems() end

---@return lualayout.ItemPath[]
function View:highlightedItems() end

---The item's current attributes (frame fields, alpha, zIndex, hidden, transform3D, custom
---fields by name), or nil (`section, item` or one index path).
---@param section integer|lualayout.ItemPath
---@param item? integer
---@return table?
function View:attributesOf(section, item) end

---startInteractiveTransition(to:): a transition layout from the layout in use to the layout the
---command line named `name` (--layout NAME=FILE), at progress 0, bent by the transition script
---named `transition` if given, else by that layout's own transitionLayout.
---@param name string
---@param transition? string
function View:beginTransition(name, transition) end

---The installed transition layout's progress (0…1), or nil when no transition is in progress.
---@return number?
function View:transitionProgress() end

---Sets the installed transition layout's progress, 0…1 (a pinch drives it).
---@param progress number
function View:setTransitionProgress(progress) end

---updateValue(_:forAnimatedKey:): the transition script reads it as cv.animatedValues[key].
---@param key string
---@param value any
function View:updateAnimatedValue(key, value) end

---finishInteractiveTransition(): the new layout stays.
function View:finishTransition() end

---cancelInteractiveTransition(): the old layout comes back.
function View:cancelTransition() end

---The item's payload (as cv:itemData in a layout), or nil (`section, item` or one index path).
---@param section integer|lualayout.ItemPath
---@param item? integer
---@return any
function View:itemData(section, item) end

---Puts a value on the host's pasteboard (UIPasteboard.general); nil empties it.
---@param value any
function View:setPasteboard(value) end

---What is on the host's pasteboard, or nil.
---@return any
function View:pasteboard() end

---How many items section `section` has now.
---@param section integer
---@return integer
function View:numberOfItems(section) end

---UIRefreshControl.endRefreshing(): the adjusted top inset loses the control's height and the
---list goes back up.
function View:endRefreshing() end

---Whether the refresh control is refreshing (a pull past the threshold until endRefreshing).
---@return boolean
function View:isRefreshing() end

---Runs `fn(view)` once the scenario's clock (`wait`) has advanced `seconds` (the cookbook's
---DispatchQueue.main.asyncAfter).
---@param seconds number
---@param fn fun(view: lualayout.View)
function View:after(seconds, fn) end

---What a controller script returns: delegate callbacks and options, all optional.
---@class lualayout.Controller
---@field shouldHighlightItem? fun(view: lualayout.View, section: integer, item: integer, point: lualayout.TouchPoint): boolean?
---@field didHighlightItem? fun(view: lualayout.View, section: integer, item: integer, point: lualayout.TouchPoint)
---@field didUnhighlightItem? fun(view: lualayout.View, section: integer, item: integer, point: lualayout.TouchPoint)
---@field shouldSelectItem? fun(view: lualayout.View, section: integer, item: integer, point: lualayout.TouchPoint): boolean?
---@field didSelectItem? fun(view: lualayout.View, section: integer, item: integer, point: lualayout.TouchPoint)
---@field shouldDeselectItem? fun(view: lualayout.View, section: integer, item: integer, point: lualayout.TouchPoint): boolean?
---@field didDeselectItem? fun(view: lualayout.View, section: integer, item: integer, point: lualayout.TouchPoint)
---@field didLongPress? fun(view: lualayout.View, section: integer?, item: integer?, point: lualayout.TouchPoint)
---@field didTapBackground? fun(view: lualayout.View, point: lualayout.TouchPoint)
---@field didDoubleTap? fun(view: lualayout.View, section: integer?, item: integer?, point: lualayout.TouchPoint) A double tap: takes priority over selection.
---@field didPinch? fun(view: lualayout.View, scale: number, point: lualayout.TouchPoint, phase: "began"|"changed"|"ended") A pinch; point.section/item: the cell under its centre.
---@field canMoveItem? fun(view: lualayout.View, section: integer, item: integer): boolean? Default: true when moveItem is defined.
---@field targetIndexPathForMove? fun(view: lualayout.View, from: lualayout.IndexPath, proposed: lualayout.IndexPath): integer[]? Where the moving item goes (nil: proposed).
---@field moveItem? fun(view: lualayout.View, from: lualayout.IndexPath, to: lualayout.IndexPath) The item was dropped; the data already has it at `to`.
---@field shouldShowMenuForItem? fun(view: lualayout.View, section: integer, item: integer): boolean? A long press on the item: true shows the edit menu (default false).
---@field canPerformAction? fun(view: lualayout.View, action: string, section: integer, item: integer): boolean? Whether the menu offers the action (default: true when performAction is defined).
---@field performAction? fun(view: lualayout.View, action: string, section: integer, item: integer) The action was chosen in the edit menu.
---@field didPullToRefresh? fun(view: lualayout.View) Released past the refresh threshold: refreshing until view:endRefreshing().
---@field refreshControl? boolean Default false: a pull past the top rubber-bands and, released with the control's 60 points shown, refreshes.
---@field backgroundView? {color: string} A background view fixed to the viewport, behind the content: {color = "#RRGGBB"}.
---@field menuActions? string[] The actions the edit menu may offer, in order (default {"cut", "copy", "paste"}).
---@field allowsSelection? boolean Default true.
---@field allowsMultipleSelection? boolean Default false.
---@field pagingEnabled? boolean Default false: flings stop on page boundaries.
---@field contentInsetAdjustmentBehavior? "automatic"|"scrollableAxes"|"never"|"always" Which edges of the safe area the adjusted content inset adds (default: --content-inset-adjustment, else "automatic").

-- Scenario globals (only in `*.test.lua` scenarios run by `lualayout simulate` / `lualayout test`).

---Touch down and up at a viewport point.
---@param x number
---@param y number
function tap(x, y) end

---A double tap at a viewport point: with the controller's didDoubleTap, called once (no
---highlight, no selection); without it, two taps.
---@param x number
---@param y number
function doubleTap(x, y) end

---A pinch centred on a viewport point, from scale 1 to `scale` in `steps` steps (default 10):
---the controller's didPinch gets "began" (1), "changed" each step (1 + (scale − 1)·k/steps)
---and "ended" (scale).
---@param x number
---@param y number
---@param scale number
---@param steps? integer
function pinch(x, y, scale, steps) end

---A long press at a viewport point.
---@param x number
---@param y number
function longPress(x, y) end

---A finger goes down at a viewport point.
---@param x number
---@param y number
function touchDown(x, y) end

---The finger moves (anywhere); past 10 points from where it went down the scroll view pans:
---the highlight is cancelled and each move scrolls the content by the finger's movement.
---@param x number
---@param y number
function touchMove(x, y) end

---The finger lifts (outside the viewport the touch is cancelled).
---@param x number
---@param y number
function touchUp(x, y) end

---Touch down at the first point, move to the second, lift (more than 10 points: a pan).
---@param x1 number
---@param y1 number
---@param x2 number
---@param y2 number
function drag(x1, y1, x2, y2) end

---Scrolls to the content offset (clamped).
---@param x number
---@param y number
function scroll(x, y) end

---A fling with this velocity (points/ms).
---@param vx number
---@param vy number
function fling(vx, vy) end

---Sets host state (nil removes it); the layout is invalidated, or animated over
---`options.duration` seconds.
---@param key string
---@param value any
---@param options? lualayout.StateAnimation
function setState(key, value, options) end

---Scrolls orthogonal section `section` to `x` along its axis (clamped to its range).
---@param section integer
---@param x number
function scrollSection(section, x) end

---Orthogonal section `section`'s scroll offset along its axis.
---@param section integer
---@return number
function sectionOffset(section) end

---Replaces the whole data (no animation; selection and highlight cleared): a table of the data
---file's shape or a data file's path (relative: beside the scenario).
---@param data lualayout.Data|string
function reloadData(data) end

---Resizes the viewport (a rotation): the layout is prepared again, the offset clamped.
---@param width number
---@param height number
function setBounds(width, height) end

---An animated batch update.
---@param batch lualayout.Batch
function performBatchUpdates(batch) end

---Advances the clock.
---@param seconds number
function wait(seconds) end

---Starts moving the item under a viewport point (interactive movement); true when it may move.
---@param x number
---@param y number
---@return boolean
function beginMove(x, y) end

---The finger moving the item is at a viewport point: the item goes to its target.
---@param x number
---@param y number
function updateMove(x, y) end

---Drops the moving item at its target (the controller's moveItem).
function endMove() end

---Puts the moving item back (the original order).
function cancelMove() end

---startInteractiveTransition: installs a transition layout from the current layout to the
---layout in `layoutFile` (beside the scenario) at progress 0, bent by `transitionFile` if given
---(else by the layout's own transitionLayout). A name without `/` or `.lua` (or any name the
---command line gave with --layout NAME=FILE) is the layout so named, and the transition too.
---@param layoutFile string
---@param transitionFile? string
function beginTransition(layoutFile, transitionFile) end

---Sets the installed transition layout's progress, 0…1.
---@param progress number
function setTransitionProgress(progress) end

---updateValue(_:forAnimatedKey:): the transition script reads it as cv.animatedValues[key].
---@param key string
---@param value any
function updateAnimatedValue(key, value) end

---finishInteractiveTransition(): the new layout stays.
function finishTransition() end

---cancelInteractiveTransition(): the old layout comes back.
function cancelTransition() end

---The installed transition layout's progress (0…1), or nil when no transition is in progress.
---@return number?
function transitionProgress() end

---Chooses an action in the edit menu a long press opened: the menu closes and the
---controller's performAction runs. An action the menu does not show is an error.
---@param action string
function chooseMenuAction(action) end

---The actions of the edit menu shown now, in order, or nil when none is shown.
---@return string[]?
function menuActions() end

---What is on the host's pasteboard (a controller's view:setPasteboard), or nil.
---@return any
function pasteboard() end

---Whether the refresh control is refreshing.
---@return boolean
function isRefreshing() end

---@return lualayout.Point
function contentOffset() end

---@return lualayout.Size
function contentSize() end

---@return lualayout.ItemPath[]
function visibleItems() end

---@return lualayout.ItemPath[]
function selectedItems() end

---@return lualayout.ItemPath[]
function highlightedItems() end

---The item's current attributes, or nil (`section, item` or one index path).
---@param section integer|lualayout.ItemPath
---@param item? integer
---@return table?
function attributesOf(section, item) end

---A copy of the host state.
---@return table<string, any>
function state() end

---The delegate calls of the last step: "shouldSelectItem[0, 3]", "didTapBackground", …
---@return string[]
function calls() end

---The changes the last step animated (batch updates): `{action = "delete", before = {s, i}}`, …
---@return {action: lualayout.UpdateAction, before: lualayout.ItemPath?, after: lualayout.ItemPath?}[]
function updates() end

---Records a check at this line: it passes unless `condition` is false or nil.
---@param condition any
---@param message? string
---@return boolean
function expect(condition, message) end

---Compares the visible layout with the stored snapshot `name` (`lualayout test`).
---@param name string
---@return boolean
function expectSnapshot(name) end

---Compares a PNG of the visible layout with the stored image `__snapshots__/name.png`, pixel by
---pixel (`lualayout test`); on a change writes `name.after.png` and `name.diff.png`.
---@param name string
---@return boolean
function expectImageSnapshot(name) end

---Records a check: `actual` equals `expected` (tables field by field, numbers exactly); a
---failure prints both in full (`got 295.99999999999994, expected 296`).
---@param actual any
---@param expected any
---@param message? string
---@return boolean
function expectEqual(actual, expected, message) end

---Records a check: every number of `actual` within `tolerance` of `expected`'s.
---@param actual any
---@param expected any
---@param tolerance number
---@param message? string
---@return boolean
function expectNear(actual, expected, tolerance, message) end

---Records a check: the item's frame is `{x, y, w, h}` (within `tolerance` points; default:
---less than half a pixel of the view's scale); a failure names the element and each field.
---One index path may stand for `section, item`: `expectFrame(p, {x, y, w, h})`.
---@param section integer|lualayout.ItemPath
---@param item integer|number[]|{x: number, y: number, w: number, h: number}
---@param frame? number[]|{x: number, y: number, w: number, h: number}|number
---@param tolerance? number
---@return boolean
function expectFrame(section, item, frame, tolerance) end
