-- bent-transition.lua — a custom transition layout: elements travel on an arc, not a straight line.
--
-- UICollectionViewTransitionLayout moves every element on a straight line from its place in
-- one layout to its place in the other; a subclass bends the path and animates its own keys
-- (updateValue(_:forAnimatedKey:)). Here each element shared by both layouts is lifted by
-- bend · sin(π · progress) points — nothing at either end, the whole `bend` half way — so the
-- transition arcs upwards; `bend` is an animated key (80 points). Elements only one layout
-- places (from or to is nil) keep the linear fade.
--
-- Not a layout: give it to `lualayout transition` with --with.
-- Run:  Scripts/lualayout transition Examples/grid.lua Examples/table.lua --items 12 --progress 0.5 --with Examples/bent-transition.lua

return {
  animatedKeys = {bend = 80},

  attributes = function(cv, a, from, to, progress)
    if from and to then
      a.y = a.y - cv.animatedValues.bend * math.sin(math.pi * progress)
    end
  end,
}
