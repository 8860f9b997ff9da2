extension StarterScripts {
    static func compositional(name: String) -> String {
        """
        -- \(name).lua — a compositional layout (UICollectionViewCompositionalLayout), started by
        -- `lualayout init --compositional`.
        --
        -- Run:    lualayout run \(name).lua --data \(name).json --format table
        -- Check:  lualayout check \(name).lua --data \(name).json
        -- Watch:  lualayout watch \(name).lua --data \(name).json --serve   (reloads on every save)
        -- The whole API: docs/lua-api.md (compositional{...}) and docs/compositional.md.

        local C = compositional

        -- A badge on the top trailing corner of every cell.
        local badge = C.supplementaryItem{
          kind = "badge", width = 20, height = 20,
          containerAnchor = {edges = {"top", "trailing"}, fractionalOffset = {0.3, -0.3}},
        }
        local header = C.boundarySupplementaryItem{
          kind = "header", width = C.fractionalWidth(1), height = 40, alignment = "top",
        }

        -- Called once per section per prepare: env.container is the collection view's size.
        local function sectionProvider(cv, sectionIndex, env)
          -- Two columns, four on wide screens; the second section is one full-width list.
          local columns = env.container.effectiveContentSize.width > 800 and 4 or 2
          if sectionIndex == 1 then columns = 1 end
          local item = C.item{ width = C.fractionalWidth(1), height = C.fractionalHeight(1),
                               supplementaryItems = {badge} }
          local group = C.group{ axis = "horizontal", width = C.fractionalWidth(1), height = 80,
                                 subitem = item, count = columns, interItemSpacing = C.fixed(10) }
          local section = C.section{ group = group, interGroupSpacing = 10, contentInsets = {10, 10, 10, 10},
                                     boundarySupplementaryItems = {header} }
          return section
        end

        local layout = compositional{
          sectionProvider = sectionProvider,
          interSectionSpacing = 20,
        }

        -- A hook (a UIKit override), called for every element a query returns: edit `a`.
        function layout.attributes(cv, a)
          if a.category == "cell" then
            local data = cv:itemData(a.section, a.item)
            if type(data) == "table" then a.label = data.title end
          end
        end

        return layout

        """
    }
}
