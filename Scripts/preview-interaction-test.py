#!/usr/bin/env python3
"""Clicks and drags in a real browser (headless Chromium through chromedriver and Selenium).

  preview-interaction-test.py preview URL   the springboard's live preview (watch --serve with
                                            its controller, --bounds 768x1024, --data
                                            Examples/springboard-apps.json: 40 named icons)
  preview-interaction-test.py gestures URL  pinch.lua's live preview with pinch-controller.lua
                                            plus a didDoubleTap that sets state doubleTapped
                                            (--bounds 320x480 --items 12)
  preview-interaction-test.py menu URL      Examples/cell-menu.lua's live preview with its
                                            controller and data (--bounds 320x480)
  preview-interaction-test.py refresh URL   Examples/table.lua's live preview with
                                            refresh-controller.lua (--bounds 320x480 --items 5)
  preview-interaction-test.py timeline FILE a `simulate --format html` page of the springboard
  preview-interaction-test.py carousel URL  the App Store page's live preview (watch --serve,
                                            --bounds 375x667 --sections 5,12,10)

Prints one line per check and exits 0 when all pass, 1 when one fails, 77 when Selenium or
chromedriver cannot run here (the caller skips). Every wait is bounded.
"""
import sys
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.actions.wheel_input import ScrollOrigin
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait
except ImportError as error:
    print(f"skip: selenium is not installed ({error})")
    sys.exit(77)

failures = []


def check(condition, what):
    print(("ok: " if condition else "FAILED: ") + what)
    if not condition:
        failures.append(what)


def browser():
    options = Options()
    for argument in ["--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1100,1000"]:
        options.add_argument(argument)
    for path in ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"]:
        try:
            open(path).close()
            options.binary_location = path
            break
        except OSError:
            pass
    try:
        driver = webdriver.Chrome(service=Service("/usr/bin/chromedriver"), options=options)
    except Exception as error:  # no chromedriver, or it cannot start Chromium here
        print(f"skip: chromedriver cannot start Chromium ({str(error).splitlines()[0]})")
        sys.exit(77)
    driver.set_page_load_timeout(30)
    driver.set_script_timeout(30)
    return driver


def body(driver, name):
    return driver.execute_script(f"return document.body.dataset.{name} || ''")


def wait(driver, what, condition, seconds=20):
    try:
        WebDriverWait(driver, seconds, poll_frequency=0.1).until(lambda d: condition(d))
        return True
    except Exception:
        print(f"  (timed out waiting for {what})")
        return False


def count(driver, selector):
    return len(driver.find_elements(By.CSS_SELECTOR, selector))


def rendered_after(driver, before):
    """Waits until the page drew a reply newer than `before` and no request is in flight."""
    return wait(driver, "a new picture", lambda d: int(body(d, "rendered") or 0) > before)


def label(driver, path):
    script = "const t = document.querySelector('#stage g[data-index-path=\"' + arguments[0] + '\"] text'); return t ? t.textContent : ''"
    return driver.execute_script(script, path)


def cell(driver, path):
    return driver.find_element(By.CSS_SELECTOR, f'#stage g[data-index-path="{path}"]')


def centre(driver, path):
    script = ("const r = document.querySelector('#stage g[data-index-path=\"' + arguments[0] + '\"]').getBoundingClientRect();"
              " return [r.x + r.width / 2, r.y + r.height / 2]")
    return driver.execute_script(script, path)


def width(driver, path):
    script = ("const g = document.querySelector('#stage g[data-index-path=\"' + arguments[0] + '\"]');"
              " return g ? g.querySelector('rect, polygon').getBoundingClientRect().width : 0")
    return driver.execute_script(script, path)


def state(driver):
    import json
    return json.loads(body(driver, "state") or "{}")


def preview(url):
    driver = browser()
    try:
        driver.get(url)
        check(wait(driver, "the first picture", lambda d: int(body(d, "rendered") or 0) >= 1), "the page draws the viewport")
        # First page of 40 icons: columns 0–3 of 5 rows, items 0–19; no delete buttons.
        check(count(driver, "#stage g.cell") == 20, "20 icons on the first page")
        check(count(driver, "#stage .part[data-part=\"deleteButton\"]") == 0, "no delete buttons before deletion mode")
        check(body(driver, "total") == "40", "40 icons in all")

        # Press and hold icon 6 for a second: a long press turns deletion mode on.
        icon = driver.find_element(By.CSS_SELECTOR, '#stage g[data-index-path="0,6"] > rect')
        ActionChains(driver).move_to_element(icon).click_and_hold().pause(1.2).release().perform()
        check(wait(driver, "deletion mode", lambda d: '"deletionMode":true' in body(d, "state")), "a long press turns deletion mode on")
        check(wait(driver, "delete buttons", lambda d: count(d, "#stage .part[data-part=\"deleteButton\"]") == 20), "every icon shows its delete button")
        check(count(driver, "#stage g.loop") == 20, "every icon jiggles")

        # Click icon 2's delete button: the icon is deleted (39 left), the mode stays on.
        button = driver.find_element(By.CSS_SELECTOR, '#stage g[data-index-path="0,2"] .part[data-part="deleteButton"]')
        ActionChains(driver).move_to_element(button).click().perform()
        check(wait(driver, "the deletion", lambda d: body(d, "total") == "39"), "a click on a delete button deletes the icon")
        check('"deletionMode":true' in body(driver, "state"), "deletion mode stays on")
        check("animated update" in driver.find_element(By.ID, "interaction").text, "the page reports the animated update")

        # Press and hold Weather (icon 7 of the data file, now [0, 6]: Music, icon 2, is gone), then
        # drag it onto [0, 0]: the item drawn under the finger is [0, 0], so the others make room
        # live (Mail moves to [0, 1]), and the release drops it there (moveItem), deletion mode on.
        check(label(driver, "0,6") == "Weather" and label(driver, "0,0") == "Mail", "icons are named by their data")
        (ax, ay), (bx, by) = centre(driver, "0,6"), centre(driver, "0,0")
        dx, dy = int(bx - ax), int(by - ay)
        ActionChains(driver, duration=50).move_to_element(cell(driver, "0,6")).click_and_hold().pause(0.8) \
            .move_by_offset(dx // 2, dy // 2).move_by_offset(dx - dx // 2, dy - dy // 2).perform()
        check(wait(driver, "the move", lambda d: body(d, "moving") == "0,0"), "a long press and drag picks the icon up")
        check(wait(driver, "room made", lambda d: label(d, "0,1") == "Mail"), "the others make room while it moves")
        ActionChains(driver).release().perform()
        check(wait(driver, "the drop", lambda d: "moveItem[0, 0]" in body(d, "calls")), "the release drops it (moveItem)")
        check(body(driver, "moving") == "" and label(driver, "0,0") == "Weather" and label(driver, "0,1") == "Mail",
              f"the order changed ({label(driver, '0,0')}, {label(driver, '0,1')})")
        check('"deletionMode":true' in body(driver, "state"), "deletion mode stays on")

        # Picked up again and dragged, then Escape: the icon goes back (cancelMove).
        ActionChains(driver, duration=50).move_to_element(cell(driver, "0,0")).click_and_hold().pause(0.8) \
            .move_by_offset(-dx // 2, -dy // 2).move_by_offset(-dx + dx // 2, -dy + dy // 2).perform()
        check(wait(driver, "the second move", lambda d: body(d, "moving") == "0,6"), "the icon follows the finger")
        ActionChains(driver).send_keys(Keys.ESCAPE).release().perform()
        check(wait(driver, "the cancel", lambda d: body(d, "moving") == "" and label(d, "0,0") == "Weather"),
              "Escape puts it back")

        # A drag of 240 pixels to the left pans 240 / (580 / 1024) ≈ 424 points (the 1024-point
        # viewport is drawn 580 pixels high in the 640-pixel picture), then flings on release:
        # the layout snaps the landing point, at least 424 (past half a page, 384), to a page.
        # 39 icons make 8 columns, content 1552 wide: pages 768 and the last, clamped, 784.
        start = int(body(driver, "rendered"))
        # The stage (the picture is redrawn inside it after every gesture, the stage stays).
        stage = driver.find_element(By.ID, "stage")
        ActionChains(driver, duration=30).move_to_element(stage).click_and_hold().move_by_offset(-120, 0) \
            .move_by_offset(-120, 0).release().perform()
        check(wait(driver, "the fling", lambda d: body(d, "offset") in ("768,0", "784,0")), "a drag flings to a page boundary")
        rendered_after(driver, start)
        landed = body(driver, "offset")
        check(driver.current_url.endswith("?offset=" + landed), f"the URL keeps the offset ({driver.current_url})")

        # The wheel scrolls back 400 points: offset − 400.
        x = float(landed.split(",")[0])
        ActionChains(driver).scroll_from_origin(ScrollOrigin.from_element(stage), -400, 0).perform()
        expected = f"{int(x - 400)},0"
        check(wait(driver, "the wheel", lambda d: body(d, "offset") == expected), f"the wheel scrolls to {expected}")
        check(wait(driver, "the URL", lambda d: d.current_url.endswith("?offset=" + expected)), "the URL follows the wheel")

        # Another viewer (a fresh page at that URL) starts at the same offset with its own session.
        driver.get(driver.current_url)
        check(wait(driver, "the reload", lambda d: body(d, "offset") == expected), "a page opened at the URL starts at its offset")
        check(count(driver, "#stage .part[data-part=\"deleteButton\"]") == 0, "a new page has its own session (deletion mode off)")
    finally:
        driver.quit()


def gestures(url):
    """pinch.lua (320×480, 12 items, see Examples/pinch.test.lua): item 4 is 90 wide. Ctrl +
    wheel up over it pinches (scale e^(100/200) ≈ 1.65 for a 100-pixel wheel): while the key is
    down the controller holds the pinch and the cell is drawn wider; releasing the key ends it
    and the cell is back. Shift + drag up 60 pixels: scale e^(60/150) ≈ 1.49, the same way. A
    double click on item 2 is one double tap: didDoubleTap, nothing selected."""
    driver = browser()
    try:
        driver.get(url)
        check(wait(driver, "the first picture", lambda d: int(body(d, "rendered") or 0) >= 1), "the page draws the viewport")
        check("Ctrl" in driver.find_element(By.ID, "help").text and "Shift" in driver.find_element(By.ID, "help").text,
              "the page says how to pinch")
        plain = width(driver, "0,4")
        ActionChains(driver).key_down(Keys.CONTROL).scroll_from_origin(ScrollOrigin.from_element(cell(driver, "0,4")), 0, -100) \
            .perform()
        check(wait(driver, "the pinch", lambda d: state(d).get("pinchedItem") == 4 and width(d, "0,4") > plain * 1.3),
              f"Ctrl + wheel pinches item 4 ({plain:.0f} → {width(driver, '0,4'):.0f} pixels wide)")
        check(body(driver, "offset") == "0,0", "the pinching wheel does not scroll")
        ActionChains(driver).key_up(Keys.CONTROL).perform()
        check(wait(driver, "the pinch's end", lambda d: "pinchedItem" not in state(d) and abs(width(d, "0,4") - plain) < 1),
              "releasing Ctrl ends the pinch")

        ActionChains(driver, duration=50).key_down(Keys.SHIFT).move_to_element(cell(driver, "0,4")).click_and_hold() \
            .move_by_offset(0, -30).move_by_offset(0, -30).perform()
        check(wait(driver, "the drag pinch", lambda d: state(d).get("pinchedItem") == 4 and width(d, "0,4") > plain * 1.3),
              "Shift + drag up pinches item 4")
        ActionChains(driver).release().key_up(Keys.SHIFT).perform()
        check(wait(driver, "the drag pinch's end", lambda d: "pinchedItem" not in state(d)), "the release ends it")

        ActionChains(driver).double_click(cell(driver, "0,2")).perform()
        check(wait(driver, "the double tap", lambda d: state(d).get("doubleTapped") == 2), "a double click is a double tap")
        check(body(driver, "selected") == "", "the double tap selects nothing (it takes priority)")
    finally:
        driver.quit()


def menu(url):
    """The guide's edit menu (Examples/cell-menu.lua, six rows, Apples first; see its test): a
    right click on row 0 shows copy only (nothing to paste); clicking copy closes the menu
    (performAction); a long press on row 2 then shows copy and paste, and paste inserts the
    copied row after row 2: seven rows, Apples at [0, 3]. A click elsewhere closes a menu."""
    driver = browser()
    try:
        driver.get(url)
        check(wait(driver, "the first picture", lambda d: int(body(d, "rendered") or 0) >= 1), "the page draws the viewport")
        ActionChains(driver).context_click(cell(driver, "0,0")).perform()
        check(wait(driver, "the menu", lambda d: body(d, "menu") == "copy"), "a right click shows the menu: copy")
        buttons = driver.find_elements(By.CSS_SELECTOR, "#menu button")
        check([b.text for b in buttons] == ["copy"] and buttons[0].is_displayed(), "its actions are buttons")
        # Clicked by the page's own script: a late reply may redraw the buttons between a lookup
        # and a WebDriver click.
        press_button = "const b = document.querySelector('#menu button[data-action=\"' + arguments[0] + '\"]'); if (b) b.click(); return !!b"
        driver.execute_script(press_button, "copy")
        check(wait(driver, "the copy", lambda d: "performAction(copy)[0, 0]" in body(d, "calls")), "clicking copy performs it")
        check(body(driver, "menu") == "" and not driver.find_element(By.ID, "menu").is_displayed(), "and closes the menu")
        ActionChains(driver).move_to_element(cell(driver, "0,2")).click_and_hold().pause(0.8).release().perform()
        check(wait(driver, "the second menu", lambda d: body(d, "menu") == "copy paste"), "a long press shows copy and paste")
        check(driver.execute_script(press_button, "paste"), "paste is a button")
        check(wait(driver, "the paste", lambda d: body(d, "total") == "7"), "paste inserts a row")
        check(label(driver, "0,3") == "Apples", "the copied row, after row 2")
        ActionChains(driver).context_click(cell(driver, "0,1")).perform()
        check(wait(driver, "a third menu", lambda d: body(d, "menu") == "copy paste"), "another menu")
        ActionChains(driver).move_to_element(cell(driver, "0,5")).click().perform()
        check(wait(driver, "the menu to close", lambda d: body(d, "menu") == ""), "a click elsewhere closes it")
    finally:
        driver.quit()


def refresh(url):
    """The cookbook's pull to refresh (Examples/refresh.test.lua derives the numbers): a pull of
    300 points down from row 0 moves the content 480·0.34375/1.34375 ≈ 122.8 points past the
    top (0.55·300/480 = 0.34375) while the button is held; released past the control's 60
    points it refreshes, resting 60 down; a second later (the controller's view:after(1)) the
    refresh ends, the list is back at the top and a sixth row is appended."""
    driver = browser()
    try:
        driver.get(url)
        check(wait(driver, "the first picture", lambda d: int(body(d, "rendered") or 0) >= 1), "the page draws the viewport")
        check(count(driver, "#stage g.cell") == 5, "five rows")
        scale = driver.execute_script("return document.querySelector('#stage svg').getScreenCTM().a")
        step = int(100 * scale)
        ActionChains(driver, duration=50).move_to_element(cell(driver, "0,0")).click_and_hold() \
            .move_by_offset(0, step).move_by_offset(0, step).move_by_offset(0, step).perform()
        pulled = lambda d: float((body(d, "offset") or "0,0").split(",")[1])
        check(wait(driver, "the rubber band", lambda d: -125 < pulled(d) < -120),
              f"the pull rubber-bands past the top ({body(driver, 'offset')})")
        ActionChains(driver).release().perform()
        check(wait(driver, "the refresh", lambda d: body(d, "refreshing") == "1" and body(d, "offset") == "0,-60"),
              "released past the threshold it refreshes, 60 down")
        check(wait(driver, "the new row", lambda d: count(d, "#stage g.cell") == 6 and body(d, "refreshing") == "0"),
              "a second later a row is appended and the refresh ends")
        check(wait(driver, "the top", lambda d: body(d, "offset") == "0,0"), "back at the top")
    finally:
        driver.quit()


def carousel(url):
    """A sideways drag across the featured cards (groupPagingCentered, 337 wide at scale 1,
    resting at −19: the first card drawn at x 19) scrolls that section, not the page, and the
    section comes to rest with a card centred: some other card of section 0 drawn at x 19."""
    driver = browser()
    try:
        driver.get(url)
        check(wait(driver, "the first picture", lambda d: int(body(d, "rendered") or 0) >= 1), "the page draws the viewport")
        first = '#stage g[data-index-path="0,0"] > rect'
        check(driver.find_element(By.CSS_SELECTOR, first).get_attribute("x") == "19", "the first card rests centred (x 19)")
        start = int(body(driver, "rendered"))
        card = driver.find_element(By.CSS_SELECTOR, first)
        # From 120 pixels right of the card's centre, 300 pixels to the left (the picture draws
        # the 375-point viewport about 580 pixels wide: some 190 points, past half a card).
        ActionChains(driver, duration=60).move_to_element(card).move_by_offset(120, 0).click_and_hold() \
            .move_by_offset(-150, 0).move_by_offset(-150, 0).pause(0.3).release().perform()
        rendered_after(driver, start)
        moved = "const r = document.querySelector('#stage g[data-index-path=\"0,0\"] > rect'); return !r || r.getAttribute('x') !== '19'"
        check(wait(driver, "the section to move", lambda d: d.execute_script(moved)), "the drag scrolled the featured section")
        check(body(driver, "offset") == "0,0", f"the page did not scroll ({body(driver, 'offset')})")
        # The section moves before it rests (its deceleration is drawn frame by frame, slower
        # on a loaded machine): wait for the resting state, a card other than the first at x 19.
        def centred(d):
            return d.execute_script(
                "return Array.from(document.querySelectorAll('#stage g[data-index-path^=\"0,\"] > rect'))"
                ".filter(r => r.getAttribute('x') === '19').map(r => r.parentNode.dataset.indexPath)")
        wait(driver, "the section to rest", lambda d: (lambda c: len(c) == 1 and c[0] != "0,0")(centred(d)))
        rest = centred(driver)
        check(len(rest) == 1 and rest[0] != "0,0", f"another card rests centred ({rest})")
    finally:
        driver.quit()


def timeline(path):
    driver = browser()
    try:
        driver.get("file://" + path)
        check(wait(driver, "the first step", lambda d: body(d, "step") == "0"), "the timeline opens at step 0")
        nxt = driver.find_element(By.ID, "next")
        nxt.click()
        nxt.click()
        check(wait(driver, "step 2", lambda d: body(d, "step") == "2"), "Next twice shows step 2")
        visible = driver.find_element(By.CSS_SELECTOR, '.picture[data-step="2"]')
        check(visible.is_displayed(), "step 2's picture is shown")
        check(not driver.find_element(By.CSS_SELECTOR, '.picture[data-step="0"]').is_displayed(), "step 0's picture is hidden")
        script = ("return Array.from(document.querySelectorAll('.picture[data-step=\"2\"] g.loop')).slice(0, 4)"
                  ".map(g => getComputedStyle(g).transform)")
        first = driver.execute_script(script)
        time.sleep(0.15)
        second = driver.execute_script(script)
        check(len(first) == 4 and first != second, f"the icons jiggle ({first[:1]} then {second[:1]})")
        driver.find_element(By.ID, "prev").click()
        check(wait(driver, "step 1", lambda d: body(d, "step") == "1"), "Prev goes back to step 1")
        check(count(driver, '.picture[data-step="1"] g.is-selected') == 1, "step 1 marks the selected icon")
    finally:
        driver.quit()


if __name__ == "__main__":
    modes = {"preview": preview, "timeline": timeline, "carousel": carousel, "gestures": gestures, "menu": menu, "refresh": refresh}
    if len(sys.argv) != 3 or sys.argv[1] not in modes:
        print(__doc__)
        sys.exit(2)
    modes[sys.argv[1]](sys.argv[2])
    print(f"{len(failures)} failed" if failures else "all passed")
    sys.exit(1 if failures else 0)
