# The kernel's IPython in the static site (IPYTHONDIR points here; see tools/site/build_site.py).
c = get_config()  # noqa: F821  (IPython's config loader provides it)

# Packages a page fetches when it first imports them (plotly), not at every start; and what a start
# from the site's memory snapshot needs redone (cardkit_site/snapshot.py); the page's language, told
# to the kernel (cardkit_site/language.py).
c.InteractiveShellApp.extensions = ["cardkit_site.on_demand", "cardkit_site.snapshot", "cardkit_site.language"]
