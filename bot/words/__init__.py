"""Everything the bot says to players, by screen.

Each module is one screen's text, pure functions of application results in the
language of ``t`` (a :class:`~bot.i18n.Messages`), each idea written once:

- :mod:`~bot.words.common`: what every screen shares (a :class:`~bot.words.common.Post`,
  seat marks, players named and called, a game's title and options, a deadline);
- :mod:`~bot.words.lobby`: a game before its start, AI players' names, a lobby closed;
- :mod:`~bot.words.turn`: the turn message and the first message of a game;
- :mod:`~bot.words.events`: what happened, one line each (placements, scoring, skips);
- :mod:`~bot.words.results`: the final scoring and who won;
- :mod:`~bot.words.panel`: the private turn panel (menus, preview, Confirm);
- :mod:`~bot.words.status`: ``status``, ``tiles``, ``board``, ``mygames``;
- :mod:`~bot.words.reminders`: turn reminders (channel, direct message, snooze);
- :mod:`~bot.words.absence`: missed deadlines, removed players, the vote to end;
- :mod:`~bot.words.history`: ``history``, the moves one line each;
- :mod:`~bot.words.moves`: a move in words (the history, hints, reviews);
- :mod:`~bot.words.tiles`: every tile's name;
- :mod:`~bot.words.settings`: the turn clock of a server and of a game;
- :mod:`~bot.words.refusals`: what went wrong, to the player;
- :mod:`~bot.words.access`: a message the channel refused, said late;
- :mod:`~bot.words.advice`: a game's review and a hint;
- :mod:`~bot.words.help`, :mod:`~bot.words.rules`: how to play here, and the game's rules.

Markup (mentions, timestamps, channel links, escaping) comes from :mod:`bot.discord.markup`.
"""
