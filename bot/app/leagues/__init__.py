"""Leagues (issue 22): a named set of players in one channel, paired round by round.

- :mod:`~bot.app.leagues.pairing`: round robin and Swiss pairings (pure);
- :mod:`~bot.app.leagues.knockout`: a knockout's bracket (pure);
- :mod:`~bot.app.leagues.standings`: points, tie-breaks, the table (pure);
- :mod:`~bot.app.leagues.rounds`: a result recorded, the next round opened (in a
  transaction; :func:`~bot.app.leagues.rounds.game_finished` is the one call the
  end of a game makes);
- :mod:`~bot.app.leagues.view`: a league as members read it (its bracket too);
- :mod:`~bot.app.leagues.service`: what members do (create, join, start, drop,
  cancel, look) and what the league's timers do.

This package imports nothing at its top so that :mod:`bot.app.lifecycle` may use
:mod:`~bot.app.leagues.rounds` while :mod:`~bot.app.leagues.service` uses it.
"""
