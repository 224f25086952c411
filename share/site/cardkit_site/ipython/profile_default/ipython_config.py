# The kernel's IPython in the static site (IPYTHONDIR points here; see share/site/build_site.py).
c = get_config()  # noqa: F821  (IPython's config loader provides it)

# Packages a page fetches when it first imports them (plotly), not at every start.
c.InteractiveShellApp.extensions = ["cardkit_site.on_demand"]
