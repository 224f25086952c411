"""The static site's additions to the browser's Python (built into a wheel of its own by
tools/site/build_site.py): the kernel's IPython profile (ipython/, found through IPYTHONDIR),
the loader of the packages a page fetches only when it first imports them (on_demand), and what a
start from the site's memory snapshot needs redone (snapshot)."""
