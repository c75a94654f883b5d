async def test_smoke(table):
    alice = table.member("alice")
    r = await alice.slash(table.channel, "carcassonne new")
    print(r.response.content, r.response.embeds[0].to_dict(), r.response.components)
    state = await table.started("alice", "bob", channel=table.guild.create_text_channel("two"))
    print(state.row, state.current)
    m = table.guild.channels["two"].last_message
    print(m.content, m.embeds[0].to_dict(), m.attachments, m.components)
    r = await table.place(channel=table.guild.channels["two"])
    print(r.response.content, r.ephemeral, r.response.embeds[0].to_dict())
