"""Several people at once, each in a browser context of its own (its own localStorage, as each
student's own browser): a class on its board, classmates at one table. On a failure each page's
screenshot is taken; every context is closed at the end."""
import contextlib

from playwright.sync_api import expect

from .conftest import ACTION_TIMEOUT, EXPECT_TIMEOUT, watch


class People:
    def __init__(self, browser):
        self.browser = browser
        self.pages = []

    def new_page(self, viewport=None):
        """A page collecting its errors (page errors, local console errors, dialogs)."""
        context = self.browser.new_context(viewport=viewport or {"width": 1280, "height": 900})
        context.set_default_timeout(ACTION_TIMEOUT)
        expect.set_options(timeout=EXPECT_TIMEOUT)       # as the page fixture: slow is not broken
        page = context.new_page()
        watch(page, dialogs=True)
        self.pages.append(page)
        return page


@contextlib.contextmanager
def people(browser, screenshot, name):
    crowd = People(browser)
    try:
        yield crowd
    except BaseException:
        for number, page in enumerate(crowd.pages):
            try:
                print("screenshot:", screenshot(page, f"{name}_{number}"))
                print(f"page {number}: {page.url}; errors: {page.errors}")
                print(f"page {number} says:", page.locator("body").inner_text(timeout=5_000)[:1500])
            except Exception as exc:
                print("no screenshot:", exc)
        raise
    finally:
        for page in crowd.pages:
            page.context.close()
