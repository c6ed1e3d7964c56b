"""The players' phones: the sitting on screen as a read-only page on the local network.

No Qt: the window (File > Share with the table…) and the command line
(``jojotte-score share``) use it alike, and import it only when sharing starts. docs/sharing.md
has the security model.

The API, kept small and stable::

    from jojotte_score.share.server import ShareServer
    from jojotte_score.share.view import shared_views

    server = ShareServer(shared_views(shown), bind="192.168.1.20", port=0).start()
    server.url          # "http://192.168.1.20:PORT/TOKEN/": the page (and the QR code's text)
    server.publish(shared_views(shown))   # after each change; a new revision if it differs
    server.revision     # the revision served now (the page re-renders only when it changes)
    server.followers    # how many pages follow it now
    server.stop()       # the port closes, every connection with it (idempotent)

The bounds are :class:`~jojotte_score.share.limits.Limits` (``limits=`` to the server; the
defaults allow 8 connections and 10 requests a second from one address: a load check that
simulates many phones from the loopback, one address, passes larger ones, e.g.
``Limits(per_address=64, rate=1000, burst=1000)``).

``shown`` is a :class:`~jojotte_score.presenters.session.Shown` (None: no sitting), read
only in the caller's thread: :func:`~jojotte_score.share.view.shared_views` makes each
language's bytes there, the server's threads only send them.
:func:`~jojotte_score.share.address.lan_address` is the address to bind by default, and
:mod:`jojotte_score.share.qr` draws the address as a QR code (PNG bytes, or the terminal's).

Modules: ``view`` (the figures as JSON, HTML and the pad as SVG), ``assets`` (the page's
HTML, stylesheet and script), ``server`` (the HTTP server and its answers), ``limits`` (how
many connections and requests), ``address`` (the LAN address, the token, the URL), ``qr``.
"""
