#!/usr/bin/env python3
"""Clicks and drags in a real browser (headless Chromium through chromedriver and Selenium).

  preview-interaction-test.py preview URL   the springboard's live preview (watch --serve with
                                            its controller, --bounds 768x1024 --items 40)
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


def preview(url):
    driver = browser()
    try:
        driver.get(url)
        check(wait(driver, "the first picture", lambda d: int(body(d, "rendered") or 0) >= 1), "the page draws the viewport")
        # First page of 40 icons: columns 0–3 of 5 rows, items 0–19; no delete buttons.
        check(count(driver, "#stage g.cell") == 20, "20 icons on the first page")
        check(count(driver, "#stage rect.part") == 0, "no delete buttons before deletion mode")
        check(body(driver, "total") == "40", "40 icons in all")

        # Press and hold icon 6 for a second: a long press turns deletion mode on.
        icon = driver.find_element(By.CSS_SELECTOR, '#stage g[data-index-path="0,6"] > rect')
        ActionChains(driver).move_to_element(icon).click_and_hold().pause(1.2).release().perform()
        check(wait(driver, "deletion mode", lambda d: '"deletionMode":true' in body(d, "state")), "a long press turns deletion mode on")
        check(wait(driver, "delete buttons", lambda d: count(d, "#stage rect.part") == 20), "every icon shows its delete button")
        check(count(driver, "#stage g.loop") == 20, "every icon jiggles")

        # Click icon 2's delete button: the icon is deleted (39 left), the mode stays on.
        button = driver.find_element(By.CSS_SELECTOR, '#stage g[data-index-path="0,2"] rect.part')
        ActionChains(driver).move_to_element(button).click().perform()
        check(wait(driver, "the deletion", lambda d: body(d, "total") == "39"), "a click on a delete button deletes the icon")
        check('"deletionMode":true' in body(driver, "state"), "deletion mode stays on")
        check("animated update" in driver.find_element(By.ID, "interaction").text, "the page reports the animated update")

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
        check(count(driver, "#stage rect.part") == 0, "a new page has its own session (deletion mode off)")
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
        check(wait(driver, "the section to settle", lambda d: d.execute_script(moved)), "the drag scrolled the featured section")
        check(body(driver, "offset") == "0,0", f"the page did not scroll ({body(driver, 'offset')})")
        centred = driver.execute_script(
            "return Array.from(document.querySelectorAll('#stage g[data-index-path^=\"0,\"] > rect'))"
            ".filter(r => r.getAttribute('x') === '19').map(r => r.parentNode.dataset.indexPath)")
        check(len(centred) == 1 and centred[0] != "0,0", f"another card rests centred ({centred})")
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
    modes = {"preview": preview, "timeline": timeline, "carousel": carousel}
    if len(sys.argv) != 3 or sys.argv[1] not in modes:
        print(__doc__)
        sys.exit(2)
    modes[sys.argv[1]](sys.argv[2])
    print(f"{len(failures)} failed" if failures else "all passed")
    sys.exit(1 if failures else 0)
