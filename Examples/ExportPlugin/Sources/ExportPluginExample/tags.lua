-- tags.lua — a flow of tags whose widths come from the app's data: sizeForItem reads each
-- item's `title` (9 points a character and 12 on each side, 32 high). The LuaLayoutExport
-- plugin translates it into TagsLayout.swift (a UICollectionViewFlowLayout subclass and
-- TagsFlowDelegate, whose sizeForItem reads the item through the TagsLayoutData protocol the
-- app implements) at every build; tags.json is the data the check lays it out with.
return flow{
  minimumInteritemSpacing = 8,
  minimumLineSpacing = 8,
  sectionInset = {12, 16, 12, 16},
  sizeForItem = function(cv, section, item)
    local tag = cv:itemData(section, item)
    return 24 + 9 * #tag.title, 32
  end,
}
