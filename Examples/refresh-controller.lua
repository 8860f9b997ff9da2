-- refresh-controller.lua — the cookbook's pull to refresh for table.lua (seed layout 9).
--
-- The controller has a refresh control (refreshControl = true): pulling the list down past
-- the top rubber-bands it (UIScrollView's resistance), and letting go with the control's whole
-- 60 points shown starts refreshing — the list rests 60 points down (the adjusted top inset
-- grew by the control's height) and didPullToRefresh is called once. The cookbook's handler
-- fetches for a second (DispatchQueue.main.asyncAfter(deadline: .now() + 1)), here
-- view:after(1, fn), which runs when a scenario's wait takes the clock past it; then the
-- refresh control ends (the list goes back up) before the new row is inserted at the end.
--
-- Run:  Scripts/lualayout simulate Examples/table.lua --scenario Examples/refresh.test.lua --controller Examples/refresh-controller.lua --bounds 320x480 --items 5

return {
  refreshControl = true,

  didPullToRefresh = function(view)
    view:after(1, function(later)
      later:endRefreshing()
      later:performBatchUpdates{insert = {{0, later:numberOfItems(0)}}}
    end)
  end,
}
