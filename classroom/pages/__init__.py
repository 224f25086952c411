"""The class pages: the *Join a class* bar of every game and lesson page (``join_bar``), what a joined
page posts (``records``) and how it gets there (``outbox``), the live *Class board* (``board``), who
may do what (``access``), *Play with others* at a shared table (``shared_table``) and what a browser
keeps between visits (``browser_memory``). They use the widgets and the store; nothing in the
widgets imports them: a page hands them in (``game_nav``'s bar, ``widgets.ui.hosting.page_hooks``).

    from classroom.pages import game_nav      # a game or lesson page: its links and its Join a class bar
    from classroom.pages import class_board   # the Class board page
    from classroom.pages import play_together_page
"""
from .access import NO_SERVER, VISITOR_ADDRESS, get_store, use_store, visitor_address, why_no_new_class
from .board import ClassBoard, Tally, class_board, game_titles
from .browser_memory import BrowserMemory, BrowserOutbox
from .join_bar import JoinBar, class_bar, game_nav, page_bar
from .outbox import Outbox
from .records import game_details, game_figure, game_record
from .shared_table import SharedTable, play_together_page

__all__ = ["class_bar", "game_nav", "JoinBar", "ClassBoard", "class_board", "BrowserMemory", "BrowserOutbox", "Outbox",
           "Tally", "game_record", "game_figure", "game_details", "game_titles", "NO_SERVER", "VISITOR_ADDRESS",
           "use_store", "get_store", "page_bar", "visitor_address", "why_no_new_class", "SharedTable",
           "play_together_page"]
