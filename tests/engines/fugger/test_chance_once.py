"""The chance cards are handled in one place (rules.t_chance) for every variant.
They were handled twice before: by rules.t_chance in the Trading Game and by
nobility.chance in the Nobility, Country Estate and Full games (which made
rules and nobility import each other). The digests below were taken from
those two old paths, before they were merged (as they were on main after the
engines' texts became translatable), for every chance card of each
variant in situations early, halfway and late in real bot games: the state
and the events after the card must stay exactly what they were.
"""

import copy
import hashlib
import json

import pytest

from engines.fugger import ENGINE
from engines.fugger import nobility_data as ND
from engines.fugger import rules as R
from engines.rng import Rng

TRADING_EFFECTS = ("robbers", "black_sheep", "boom", "lottery", "blockade")
CHANCE = sorted((c for c, v in ND.ALL_CARDS.items() if v["kind"] == "chance"), key=lambda c: int(c[1:]))

# situation -> chance card -> sha256 of the canonical JSON of [state, events], first 16 hex digits
PINNED = {
    "trading-3-0": {"e1": "784006563c9ef137", "e2": "6492ffc142513af8", "e3": "a7cd985c7984d671", "e4": "3d88a7b9954a9953", "e5": "9c109fedba73f1a5", "e6": "739532dfcf7a7e38", "e13": "c1417ffd0e0846ec", "e14": "43f587f027f7496a", "e15": "9504534941b1adec", "e17": "57edefecfc8169d6"},
    "trading-3-30": {"e1": "296cc8d6476c56c2", "e2": "266a5666b4afb24a", "e3": "8e71bb5a0d106840", "e4": "fe66d4fd94dd8cec", "e5": "60aac3e08572ca3e", "e6": "bb18d96a49f51ece", "e13": "b1569f4e25770b54", "e14": "c1fd933b7b7b6027", "e15": "08a68fa4165b9719", "e17": "b8983c8718dc3d48"},
    "trading-3-89": {"e1": "5d21b2998188c07c", "e2": "b8f616820c5f6141", "e3": "36d14e4c297eec39", "e4": "7f50b4ea12d107f0", "e5": "268255e3178c55da", "e6": "00be7ceef6ca47d2", "e13": "9418d3ba396e4449", "e14": "e0301defb31e2524", "e15": "f58255a1110f5718", "e17": "89d9bc363b11b0ad"},
    "trading-4-0": {"e1": "1c894aaa87b35af8", "e2": "fc257d1722d9b47b", "e3": "af8fbe7dc5b06516", "e4": "e4a24182f12ce8e4", "e5": "f640f5ae63e27734", "e6": "8aef6cec8e90c333", "e13": "091bb01ff6a1d8eb", "e14": "ce1d6d1822ce8949", "e15": "a03426f715c87c5d", "e17": "8b336070fa7cff38"},
    "trading-4-30": {"e1": "ae03e18fdcecc2f9", "e2": "3814a140abd810a5", "e3": "2cd83f3c14153943", "e4": "d3b71bfc55be9f72", "e5": "0769cf57f5ec2f5c", "e6": "cbbc9a7ccfe19fd7", "e13": "2a3f846f229b03e0", "e14": "61e6b6f6f4b14964", "e15": "486d12468f87c47a", "e17": "ac87b08ea4fee18d"},
    "trading-4-89": {"e1": "51702cc980807d99", "e2": "005d9a12843eaa5b", "e3": "2ae2c83757354b0e", "e4": "80724fdaaa50c911", "e5": "b903c545125d8b88", "e6": "1e100942d5cfdcd3", "e13": "76255ac94a167bad", "e14": "d7add9a3c3d36c39", "e15": "b884256100a58813", "e17": "528b5fcda692e9b8"},
    "nobility-3-0": {"e1": "0ef590e6083d5ea6", "e2": "90033aa41858b807", "e3": "87aa1096098bcf73", "e4": "98b7c6f6060b372b", "e5": "99d65f08b8019a52", "e6": "3789416c1fd3cbe2", "e7": "f2003425e6ee47af", "e8": "18bc2a8bfda94f27", "e9": "cd5db293c642cd2d", "e10": "3b2165fbf7f2479f", "e11": "0513a737a28b3450", "e12": "6f72fca5553c78d7", "e13": "c4086d2784867bfd", "e14": "ffbda9f5a31e9c6e", "e15": "30e3bef47b8fd3bd", "e16": "68ab10753ea620ae", "e17": "472120db990d5ea3"},
    "nobility-3-30": {"e1": "9517b36069c9fcc3", "e2": "7f8ffb432f78dc68", "e3": "10eb5c2d2be06765", "e4": "428ef5207174a539", "e5": "f844f1cb99dd2278", "e6": "092d4c34e2bc2510", "e7": "b38b81b04589eb78", "e8": "629dcfc46ab8d447", "e9": "b0f16af10fc418eb", "e10": "ca7c83ac72869efa", "e11": "7e7526b8b84218f2", "e12": "28eb67a109a3998d", "e13": "2b5338e3d0615422", "e14": "cc9c4206b62b9a78", "e15": "da59846cf3702527", "e16": "2cf6c8e21d32f0ab", "e17": "c7fb12e0923e05aa"},
    "nobility-3-89": {"e1": "73b76f7d923d5351", "e2": "ef129c7963f6e2db", "e3": "6d82d431ee4cfec0", "e4": "e29347b4077416b0", "e5": "62ab161686ef57ca", "e6": "1c74a8f013df246c", "e7": "15c6b2b43f5ff6d0", "e8": "1978cb3b9f9e4cd3", "e9": "9a1bf74125fdcf55", "e10": "f3e5d6727c4f97e2", "e11": "9111cea93605bced", "e12": "02a9ee77722aecc2", "e13": "476b86557d1211d7", "e14": "0b8188654d66c44c", "e15": "7de06fd4641b1b40", "e16": "9af08a9f75b06d49", "e17": "e44e8fc1e38097ee"},
    "nobility-4-0": {"e1": "d630abfa7fd5f954", "e2": "a73ba2283736ed70", "e3": "5909c274e4e61622", "e4": "62eaee793bfe37a8", "e5": "9615f23f39e2e7b9", "e6": "fbbc82e633fd7421", "e7": "6e9010795fbeb273", "e8": "f7997e62d388772a", "e9": "5854f7da27cabf05", "e10": "9a76b13240949b2e", "e11": "daa60124f7faddd6", "e12": "a6294a69ab749822", "e13": "a63c0542f37cda8f", "e14": "cb517f6822347550", "e15": "95b5c4d8f7f38e09", "e16": "67c2ae6f8fdc3fa8", "e17": "6e8377c6a8a73e87"},
    "nobility-4-30": {"e1": "b6a486a26f2dca7c", "e2": "d0dadbc180613885", "e3": "8ff96334645456b3", "e4": "43a04f5a14051fa2", "e5": "503d5c1e0fd299a5", "e6": "34412e30376b4bf7", "e7": "a74a8f04e2312558", "e8": "f84ffb2f79b8e696", "e9": "b76806a6c40f5f85", "e10": "9b1483cec58b9828", "e11": "412362a558ba6209", "e12": "d19814a5d8b3b8c3", "e13": "61f8d7c4b852088a", "e14": "ffe276432124ed27", "e15": "5dc18def531ca252", "e16": "09311a304be9d756", "e17": "86feaa910b665b4e"},
    "nobility-4-89": {"e1": "f8925a7d1d743553", "e2": "1a9d811bd9231d76", "e3": "9b9202af9d601789", "e4": "766c3b937020c9d1", "e5": "1f658e0b72ff40c1", "e6": "8e94c4e3f689147b", "e7": "0d5442e39d8ed76e", "e8": "f4eb01a3b64bd5a6", "e9": "7a4a5aeaa12dd2da", "e10": "36173af8fa905334", "e11": "ae2e6e19553b27e1", "e12": "4239373f7edbfd53", "e13": "f6b46108323f40ef", "e14": "59ca04be36ad7b5b", "e15": "75429cc075d0ce70", "e16": "28a746feff3d3d33", "e17": "9abbb00515bbe81c"},
    "full-3-0": {"e1": "8768088e7e538ed8", "e2": "ad807e19fca26b54", "e3": "d8186669768d2232", "e4": "773adba94f496e19", "e5": "9b6ebb2f876d0793", "e6": "16ff3abc4fcc97eb", "e7": "43fcf71784aed58d", "e8": "1d61a28c60f328b7", "e9": "073948079574f303", "e10": "88cb90723728374f", "e11": "a3d3c05dcbae12cf", "e12": "0658103ed601de50", "e13": "59bad74491e153a0", "e14": "413a639f50778bc5", "e15": "6c3c4c45e55faf2d", "e16": "d285f55887e7caa7", "e17": "fa7a24bfbe28eba8"},
    "full-3-30": {"e1": "b0c047801847d140", "e2": "5255a1ae8a7827bd", "e3": "504f85481e716edf", "e4": "dc75311f704324b4", "e5": "0f46ac8ec6f81591", "e6": "8fc9c5fba9a2229d", "e7": "4850b57ea8a1632f", "e8": "8964443131f5252e", "e9": "d12a6f1f5f4404d0", "e10": "1e02cb0ee44a8acc", "e11": "2545ed95f7d92479", "e12": "2cd51abd3f9074a1", "e13": "6aca450869402edb", "e14": "52d1a609f3adbb7e", "e15": "29dbecea6127f1b0", "e16": "a9f4f1aa7d73005f", "e17": "5c5e4560698e86e5"},
    "full-3-89": {"e1": "e16c124e4e8d6de7", "e2": "2c12541a50752f6b", "e3": "cbb968db0566fb48", "e4": "034a6b12edb651d7", "e5": "20376169bee694df", "e6": "cc21312fae405fab", "e7": "aea1c3ef8899c4b8", "e8": "63620c9ecee8e6d8", "e9": "0d019cc32fb602fd", "e10": "803be91601a979db", "e11": "d0ff88497c432355", "e12": "273b896ed2b271cd", "e13": "a28cf7c19466eeb3", "e14": "cff07e2f5154e363", "e15": "f5e68ae6b78f8c18", "e16": "b36c7e3b5f8c7ebd", "e17": "b18702c92f289c49"},
    "full-4-0": {"e1": "ebb8c88437efb49e", "e2": "0f93d363b1c68655", "e3": "c8f69ad5267bc8f1", "e4": "adfca30c1fdcdb94", "e5": "cab8a3c6768df3a5", "e6": "c40fe5313a1ca126", "e7": "6748e49dd08edc93", "e8": "cef571f8f8a98ad9", "e9": "03ea633af61afbda", "e10": "f425377da14f51fc", "e11": "cc9004eca713e3ff", "e12": "a9a4b54419ece962", "e13": "6216c2bf90e312a5", "e14": "9c56828e70c86ac3", "e15": "5116b63b308abecc", "e16": "3b8da51cfd97d274", "e17": "4f4621ec41001859"},
    "full-4-30": {"e1": "34d194571e4158c3", "e2": "ed5f1eff6fb66d7f", "e3": "b4f3f934a048c68c", "e4": "5241ca3830d06d6e", "e5": "bd474528ac0e4f55", "e6": "f8e03cd5d7232d22", "e7": "ffc072c230de0034", "e8": "94313c083f9fcffa", "e9": "8087b88f7e872141", "e10": "537a02c0543ce882", "e11": "801de04e0dc577ac", "e12": "8c77670166c309c5", "e13": "b3977adfb6b15b4f", "e14": "4a0f000e36ecc891", "e15": "177ff0ccd50604c4", "e16": "73d417af2dcab8fb", "e17": "7ef87b836d95b330"},
    "full-4-89": {"e1": "f464042930b5efc3", "e2": "f76d37584482cdc5", "e3": "92c1e16fa06847a8", "e4": "90b9743e5a43abc4", "e5": "6f8ae1d3285c2362", "e6": "3b1b8f9dee6170cd", "e7": "b7027e276b975ff7", "e8": "500bb21ea7cb1726", "e9": "876f92de1c916f56", "e10": "15a231f1adfdf580", "e11": "6852239f4fc8eee3", "e12": "8f026b1d34e82e50", "e13": "f40824333f3f2bb2", "e14": "f5db06986f9cb443", "e15": "c5c194495afbdf5c", "e16": "95f0b483354a6788", "e17": "9d069c867f5ffbdc"},
}


def _situations():
    for variant in ("trading", "nobility", "full"):
        for players in (3, 4):
            S = ENGINE.setup(players, 7 + players, {"variant": variant})
            rng = Rng.from_seed(players * 31)
            for step in range(90):
                if step in (0, 30, 89):
                    yield f"{variant}-{players}-{step}", S
                decisions = ENGINE.decisions(S)
                if not decisions:
                    break
                S = ENGINE.apply(S, {d["seat"]: ENGINE.bot(S, d["seat"], rng) for d in decisions})["state"]


SITUATIONS = dict(_situations())


def _digest(S, cid):
    S = copy.deepcopy(S)
    ev = []
    R.t_chance(S, {"do": "chance", "card": cid}, ev)
    return hashlib.sha256(json.dumps([S, ev], sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def test_every_situation_and_card_is_pinned():
    assert set(SITUATIONS) == set(PINNED)
    for name, S in SITUATIONS.items():
        cards = CHANCE if S["variant"] != "trading" else [c for c in CHANCE if ND.ALL_CARDS[c]["effect"] in TRADING_EFFECTS]
        assert list(PINNED[name]) == cards


@pytest.mark.parametrize("name", sorted(PINNED))
def test_a_chance_card_does_what_it_did_before_the_merge(name):
    S = SITUATIONS[name]
    assert {cid: _digest(S, cid) for cid in PINNED[name]} == PINNED[name]


def test_the_blockade_is_pinned_both_ways():
    """The blockade cancels an offer already on the table, or waits for the next one: both are among the pinned."""
    hit = 0
    for S in SITUATIONS.values():
        ev = []
        R.t_chance(copy.deepcopy(S), {"do": "chance", "card": "e6"}, ev)
        hit += any(e["data"].get("card") for e in ev if e["type"] == "blockade")
    assert 0 < hit < len(SITUATIONS)
