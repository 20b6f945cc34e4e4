#!/usr/bin/env python3
"""The catalog in a real browser: Debian's chromium, headless, driven by
Selenium through chromium-driver. `make test` runs it after ShojiWeb's
Swift tests:

  python3 ShojiWeb/Tests/Browser/browser_test.py --app PATH/catalog [--screenshot PNG]

It opens the page (with its token), waits for the catalog's first screen
in xterm.js's buffer (`window.shojiScreen()` reads it), checks the token
left the address bar, opens the list,
types a filter, presses Enter (twice: the field, then the item), resizes the window and checks the screen
followed; closes the tab and checks the session's app is gone; saves a
screenshot for the serving article. Then a wrong token and a foreign
Origin: both refused, and no app started for either."""
import argparse, os, sys, time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from webserver import WebServer, wait_for, process_gone  # noqa: E402

from selenium import webdriver  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402

TOKEN = 'browser-test-token-0123456789'


def browser():
    options = webdriver.ChromeOptions()
    options.binary_location = '/usr/bin/chromium'
    for argument in ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage',
                     '--window-size=1000,700', '--user-data-dir=' + os.path.join(os.environ.get('TMPDIR', '/tmp'),
                                                                                 f'shoji-chromium-{os.getpid()}')]:
        options.add_argument(argument)
    return webdriver.Chrome(service=Service('/usr/bin/chromedriver'), options=options)


def screen(driver):
    return driver.execute_script('return window.shojiScreen ? window.shojiScreen() : []') or []


def screen_shows(driver, text):
    lines = screen(driver)
    return lines if any(text in line for line in lines) else None


def type_keys(driver, keys):
    """Types into xterm.js as a user would: key events on its textarea."""
    driver.switch_to.active_element.send_keys(keys)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument('--app', required=True)
    parser.add_argument('--screenshot')
    arguments = parser.parse_args()
    server = WebServer(arguments.app, token=TOKEN)
    driver = None
    try:
        driver = browser()
        driver.set_script_timeout(30)
        driver.get(server.url())
        wait_for('the first screen', lambda: screen_shows(driver, 'Press Enter to browse'))
        [pid] = wait_for('the session in the log', server.session_pids)
        # The token left the address bar once the page read it (history, screen shares).
        assert 'token' not in driver.current_url, driver.current_url
        columns = driver.execute_script('return term.cols')

        type_keys(driver, '\n')
        wait_for('the list', lambda: screen_shows(driver, 'iPhone 3G'))
        type_keys(driver, '/Air')
        wait_for('the filter', lambda: screen_shows(driver, 'iPhone Air'))
        # Enter ends the filter's field (the list stays filtered), the next opens the item.
        type_keys(driver, '\n')
        wait_for('the filter applied', lambda: screen_shows(driver, '1 of 51'))
        type_keys(driver, '\n')
        lines = wait_for('the detail of iPhone Air', lambda: screen_shows(driver, 'A19 Pro'))
        assert not any('iPhone 3G' in line for line in lines), lines
        if arguments.screenshot:
            driver.save_screenshot(arguments.screenshot)

        driver.set_window_size(700, 500)
        wait_for('the terminal to shrink', lambda: driver.execute_script('return term.cols') < columns)
        rows = driver.execute_script('return term.rows')
        # The app drew again at the new size: its footer is on the new last row.
        wait_for('the app to follow the resize', lambda: 'quit' in (screen(driver) + [''] * rows)[rows - 1]
                 or 'back' in (screen(driver) + [''] * rows)[rows - 1])

        # Close the tab (another stays open, so the browser lives on): the app hangs up.
        driver.switch_to.new_window('tab')
        blank = driver.current_window_handle
        driver.switch_to.window(driver.window_handles[0])
        driver.close()
        driver.switch_to.window(blank)
        wait_for(f'the app (pid {pid}) to end with the tab', lambda: process_gone(pid), timeout=30)
        # The server logs the end once it has reaped the app, a moment after the pid is gone.
        wait_for('the server to log the hangup', lambda: 'status=exit 129' in server.log_text()
                 or 'status=signal 1' in server.log_text(), timeout=30)

        # A wrong token: refused, no app.
        started = len(server.session_pids())
        driver.get(server.url(token='wrong-token'))
        state = wait_for('the refusal', lambda: (driver.execute_script('return window.shojiState') or '')
                         .startswith('closed') and driver.execute_script('return window.shojiState'))
        wait_for('the server to log the wrong token', lambda: 'wrong token' in server.log_text(), timeout=30)
        # A foreign origin: a page from another origin (localhost, not
        # 127.0.0.1) opening a session with the right token is refused.
        driver.get(f'http://localhost:{server.port}/elsewhere')
        outcome = driver.execute_async_script(f'''
            var done = arguments[0];
            var socket = new WebSocket('ws://{server.host}:{server.port}/session?token={TOKEN}');
            socket.onopen = function () {{ done('open'); }};
            socket.onclose = function (event) {{ done('closed ' + event.code); }};
        ''')
        assert outcome.startswith('closed'), outcome
        wait_for('the server to log the foreign origin',
                 lambda: 'foreign origin http://localhost' in server.log_text(), timeout=30)
        assert len(server.session_pids()) == started, server.log_text()
        print(f'browser test passed (wrong token: {state}; foreign origin: {outcome})')
    except BaseException:
        if driver:
            print('screen:', '\n'.join(screen(driver)), file=sys.stderr)
        print(server.log_text(), file=sys.stderr)
        raise
    finally:
        if driver:
            driver.quit()
        server.stop()


if __name__ == '__main__':
    main()
