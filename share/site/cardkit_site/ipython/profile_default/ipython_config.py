# The kernel's IPython in the static site (IPYTHONDIR points here; see share/site/build_site.py).
c = get_config()  # noqa: F821  (IPython's config loader provides it)

# The notebook folder is the browser's storage, read through the service worker by the page: on
# sys.path, every import of a package asked the page for it first (a round trip each, seconds in
# all). The pages import only installed packages.
c.InteractiveShellApp.ignore_cwd = True
# Packages a page fetches when it first imports them (plotly), not at every start.
c.InteractiveShellApp.extensions = ["cardkit_site.on_demand"]
