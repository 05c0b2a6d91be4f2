"""Power-up known answers: one case per mechanism, copied unmodified from the NIST CAVP DRBG files.

Source: NIST CAVP DRBG test vectors for SP 800-90A, CAVS 14.3 (drbgtestvectors.zip, csrc.nist.gov), the
first case (COUNT = 0) of the group with the longest personalization string and additional input for each
mechanism in ``pr_false``, plus the production mechanisms in ``pr_true`` and ``no_reseed``. Values are hex
exactly as in the response files; the label names file and group. Run by :mod:`rng.selftest`.
"""

from __future__ import annotations

KnownAnswer = tuple[str, str, tuple[tuple[str, str], ...]]  # label, mechanism, fields in file order

KNOWN_ANSWERS: tuple[KnownAnswer, ...] = (
    (
        "pr_false/CTR_DRBG.rsp [AES-128 use df] pers=128 add=128 COUNT=0",
        "AES-128 use df",
        (
            ("EntropyInput", "e14ed7064a97814dd326b9a05bc44543"),
            ("Nonce", "876240c1f7de3dba"),
            ("PersonalizationString", "26ccf56848a048721d0aad87d6fc65f0"),
            ("EntropyInputReseed", "7ec4ac660fa0bbfa66ac3802e511901f"),
            ("AdditionalInputReseed", "8835d28e7f85a4e95087bdd1bb7ad57e"),
            ("AdditionalInput", "2a9bd50bbb20fefe24649f5f80eede66"),
            ("AdditionalInput", "f7ce3d5c6c381e56b25410c6909c1074"),
            (
                "ReturnedBits",
                "d2f3130d309bed1da65545b9d793e035fd2564303d1fdcfb6c7fee019500d9f5d434fab2d3c8d15e"
                "39a25f965aaa804c7141407e90c4a86a6c8d303ce83bfb34",
            ),
        ),
    ),
    (
        "pr_false/CTR_DRBG.rsp [AES-192 use df] pers=256 add=256 COUNT=0",
        "AES-192 use df",
        (
            ("EntropyInput", "c4b1e6a99587eacd7ec8517f40f9433ca432cea8686433f0"),
            ("Nonce", "d03a29e548e58ca7cbf0ac707b1464e3"),
            ("PersonalizationString", "0daaead21779b2a428d2b7fb12d9ab8316899edbe26b5460de1549c99e4781c9"),
            ("EntropyInputReseed", "2229144c1b4efb79ab5fe079cda26bc33acbb2a0a87f642c"),
            ("AdditionalInputReseed", "f116a683ca485fda846a598b8d9b079e78c2828286ad530bf01f693cc8af9f84"),
            ("AdditionalInput", "7c89de353298935bd26aa18517355313df0630da5f45ea0240e809179363080b"),
            ("AdditionalInput", "e978b8fe56afc908bed129a46d57a8698d66034d4dbcc7aba3a33d5796fb7559"),
            (
                "ReturnedBits",
                "8ce7e9589c2975fd6989a450aa65da9114e515777c97351da037ccb72d4987eb69c680411724ed60"
                "2e6ac76cd2d085725616c92777a4664d43a59c3ae9946134",
            ),
        ),
    ),
    (
        "pr_false/CTR_DRBG.rsp [AES-256 use df] pers=256 add=256 COUNT=0",
        "AES-256 use df",
        (
            ("EntropyInput", "174b46250051a9e3d80c56ae7163dafe7e54481a56cafd3b8625f99bbb29c442"),
            ("Nonce", "98ffd99c466e0e94a45da7e0e82dbc6b"),
            ("PersonalizationString", "7095268e99938b3e042734b9176c9aa051f00a5f8d2a89ada214b89beef18ebf"),
            ("EntropyInputReseed", "e88be1967c5503f65d23867bbc891bd679db03b4878663f6c877592df25f0d9a"),
            ("AdditionalInputReseed", "cdf6ad549e45b6aa5cd67d024931c33cd133d52d5ae500c3015020beb30da063"),
            ("AdditionalInput", "c7228e90c62f896a09e11684530102f926ec90a3255f6c21b857883c75800143"),
            ("AdditionalInput", "76a94f224178fe4cbf9e2b8acc53c9dc3e50bb613aac8936601453cda3293b17"),
            (
                "ReturnedBits",
                "1a6d8dbd642076d13916e5e23038b60b26061f13dd4e006277e0268698ffb2c87e453bae1251631a"
                "c90c701a9849d933995e8b0221fe9aca1985c546c2079027",
            ),
        ),
    ),
    (
        "pr_false/CTR_DRBG.rsp [AES-128 no df] pers=256 add=256 COUNT=0",
        "AES-128 no df",
        (
            ("EntropyInput", "289e5c8283cbd7dbe707255cb3cf2907d8a5ce5b347314966f9b2bebb1a1e200"),
            ("Nonce", ""),
            ("PersonalizationString", "7f7b59f23510b976fe155d047525c94e2dacb30d77ac8b09281544dd815d5293"),
            ("EntropyInputReseed", "98c522028f36fc6b85a8f3c003efd4b130dd90180ec81cf7c67d4c53d10f0022"),
            ("AdditionalInputReseed", "f7a0378328d939f0f8521e39409d7175d87319c7597a9050414f7adc392a328d"),
            ("AdditionalInput", "19c286f5b36194d1cc62c0188140bc9d61d2a9c5d88bb5aebc224bfb04dfca83"),
            ("AdditionalInput", "820650c3201d347f5b20d3d25d1c8c7bef4d9f66a5a04c7dd9d669e95182a0c4"),
            (
                "ReturnedBits",
                "79a79d44edada58e3fc12a4e36ae900eeace290265f01262f40f2958a70dcbd4d4185f708c088ede"
                "7ff8c8375f44f4012f2512d38328a5df171a17029d90f185",
            ),
        ),
    ),
    (
        "pr_false/CTR_DRBG.rsp [AES-192 no df] pers=320 add=320 COUNT=0",
        "AES-192 no df",
        (
            (
                "EntropyInput",
                "4b58271b116237eedd4e9ff9360382a59f3e2a173d860f2bbd8b2bace142b2395c67cf5a513f06f3",
            ),
            ("Nonce", ""),
            (
                "PersonalizationString",
                "cf76c16cd5d270707ea9acc39744db69bfac63e566256fd6917bf9819679840f3fea2aa535d8df01",
            ),
            (
                "EntropyInputReseed",
                "1867f371a345eef98b2d70fc1960397892645b7b29a4ead252e8835e0b600618a9bd6ff99785d890",
            ),
            (
                "AdditionalInputReseed",
                "6d44839aff8b7165deebd489ad088ecb7dcec11c32b1e747dba8f0e8a0b89f74a84ea8a05586fe9e",
            ),
            (
                "AdditionalInput",
                "42248fce0994e0e63504209d629a6943eb3e2ad512f03f79cbd5102928392bce1cacbba056ac6ca9",
            ),
            (
                "AdditionalInput",
                "bd529b600273329423a58d6f8a12be0f17989a02e73e347bc7d49d9169337a6cff7c07e8a807a80a",
            ),
            (
                "ReturnedBits",
                "02486d32cd55954f406ba55705f1460d384439592dede81a84fda221fd45c0d651d67ec4a81a8b40"
                "4151a643f331ad051cb004352289de37bca71e8cc0a6aeab",
            ),
        ),
    ),
    (
        "pr_false/CTR_DRBG.rsp [AES-256 no df] pers=384 add=384 COUNT=0",
        "AES-256 no df",
        (
            (
                "EntropyInput",
                "ae7ebe062971f5eb32e5b21444750785de816595ad2cbe80a209c8f8ab04b5468166de8c6ae522d8"
                "f10b56386a3b424f",
            ),
            ("Nonce", ""),
            (
                "PersonalizationString",
                "55860dae57fcac297087c137efb796878a75868f6e7681114e9b73ed0c67e3c62bfc9f5d77e8caa5"
                "9bcdb223f4ffd247",
            ),
            (
                "EntropyInputReseed",
                "a42407931bfeca70e6ee5dd197021a129525051c07468e8b25587c5ad50abe9204e882fe847b8fd4"
                "7cf7b4360e5aa034",
            ),
            (
                "AdditionalInputReseed",
                "ee4c88d1eb05f4853663eada501d2fc4b4984b283a88db579af2113031e03d9bc570de943dd16891"
                "8f3ba8065581fea7",
            ),
            (
                "AdditionalInput",
                "4b4b03ef19b0f259dca2b3ee3ae4cd86c3895a784b3d8eee043a2003c08289f8fffdad141e6b1ab2"
                "174d8d5d79c1e581",
            ),
            (
                "AdditionalInput",
                "3062b33f116b46e20fe3c354726ae9b2a3a4c51922c8107863cb86f1f0bdad7554075659d91c371e"
                "2b11b1e8106a1ed5",
            ),
            (
                "ReturnedBits",
                "0d270518baeafac160ff1cb28c11ef68712c764c0c01674e6c9ca2cc9c7e0e8accfd3c753635ee07"
                "0081eee7628af6187fbc2854b3c204461a796cf3f3fcb092",
            ),
        ),
    ),
    (
        "pr_false/HMAC_DRBG.rsp [SHA-1] pers=128 add=128 COUNT=0",
        "SHA-1",
        (
            ("EntropyInput", "03e7b41c95818eb0b667bfa8a175a824"),
            ("Nonce", "66a1e417a9b6b92f"),
            ("PersonalizationString", "126dded5eb0bc81be37c10bcd9d5f793"),
            ("EntropyInputReseed", "d17e98c2e50ee0db00d25c3364451e95"),
            ("AdditionalInputReseed", "dc596d188e2343802240bc7f5cc60516"),
            ("AdditionalInput", "14c8ec10f5bdde6b9e75898d7f9f03d0"),
            ("AdditionalInput", "31aa842afcc1daa94098241a87d6ddfc"),
            (
                "ReturnedBits",
                "4739b1bcf87404a2290829bd7a61f0b391a794c71c055c7cc513b28dcb5fdc88645bc9cb490f41fa"
                "b134c6b33ce9336571762754343961de671b02a47960b4b4e23c5bfb87dcc19b260b3bcb921ae325",
            ),
        ),
    ),
    (
        "pr_false/HMAC_DRBG.rsp [SHA-224] pers=192 add=192 COUNT=0",
        "SHA-224",
        (
            ("EntropyInput", "96ae702af50c50c7c38818a5133938bd7ce51197fc78e218"),
            ("Nonce", "15b6c5a7ff9c0395d764159f"),
            ("PersonalizationString", "e96554644097e9932585b7f4bb14d101f24c8b0376f38c05"),
            ("EntropyInputReseed", "707d5813e5bf47c1b8232b44a007bf7decfef499d758ed53"),
            ("AdditionalInputReseed", "3f698a5f6f4fe67ef2ddf23bd5a67c1a2df4f3b19425fb85"),
            ("AdditionalInput", "fe1f6a90fc0ed396bca21c0d40a1bb583eb63df78c98adac"),
            ("AdditionalInput", "5942b56148f27dd5388f00caa47ffd4925e854237fe14454"),
            (
                "ReturnedBits",
                "150b9260ce9aa419fe1860332ae7c9f42d9ada1649679b53f46bc9d20de3431186a54afb5df7b626"
                "9cdc05540a93fdd50a2cd3a862372d862841768df02846b057993dd6aa32f874b7220a5a1fd9cb57"
                "3d720a54af5715cedfc16f0d9a467735e253b2b1a6e97421fcee1f2d670dec1a",
            ),
        ),
    ),
    (
        "pr_false/HMAC_DRBG.rsp [SHA-256] pers=256 add=256 COUNT=0",
        "SHA-256",
        (
            ("EntropyInput", "cdb0d9117cc6dbc9ef9dcb06a97579841d72dc18b2d46a1cb61e314012bdf416"),
            ("Nonce", "d0c0d01d156016d0eb6b7e9c7c3c8da8"),
            ("PersonalizationString", "6f0fb9eab3f9ea7ab0a719bfa879bf0aaed683307fda0c6d73ce018b6e34faaa"),
            ("EntropyInputReseed", "8ec6f7d5a8e2e88f43986f70b86e050d07c84b931bcf18e601c5a3eee3064c82"),
            ("AdditionalInputReseed", "1ab4ca9014fa98a55938316de8ba5a68c629b0741bdd058c4d70c91cda5099b3"),
            ("AdditionalInput", "16e2d0721b58d839a122852abd3bf2c942a31c84d82fca74211871880d7162ff"),
            ("AdditionalInput", "53686f042a7b087d5d2eca0d2a96de131f275ed7151189f7ca52deaa78b79fb2"),
            (
                "ReturnedBits",
                "dda04a2ca7b8147af1548f5d086591ca4fd951a345ce52b3cd49d47e84aa31a183e31fbc42a1ff1d"
                "95afec7143c8008c97bc2a9c091df0a763848391f68cb4a366ad89857ac725a53b303ddea767be8d"
                "c5f605b1b95f6d24c9f06be65a973a089320b3cc42569dcfd4b92b62a993785b0301b3fc45244565"
                "6fce22664827b88f",
            ),
        ),
    ),
    (
        "pr_false/HMAC_DRBG.rsp [SHA-384] pers=256 add=256 COUNT=0",
        "SHA-384",
        (
            ("EntropyInput", "c4868db5c46fde0a10008838b5be62c349209fded42fab461b01e11723c8242a"),
            ("Nonce", "618faba54acba1e0afd4b27cbd731ed9"),
            ("PersonalizationString", "135132cf2b8a57554bdc13c68e90dc434353e4f65a4d5ca07c3e0a13c62e7265"),
            ("EntropyInputReseed", "d30016b5827dc2bfe4034c6654d69775fe98432b19e3da373213d939d391f54a"),
            ("AdditionalInputReseed", "a0bbd02f6aa71a06d1642ca2cc7cdc5e8857e431b176bcf1ecd20f041467bd2d"),
            ("AdditionalInput", "93ee30a9e7a0e244aa91da62f2215c7233bdfc415740d2770780cbbad61b9ba2"),
            ("AdditionalInput", "36d922cacca00ae89db8f0c1cae5a47d2de8e61ae09357ca431c28a07907fce1"),
            (
                "ReturnedBits",
                "2aac4cebed080c68ef0dcff348506eca568180f7370c020deda1a4c9050ce94d4db90fd827165846"
                "d6dd6cb2031eec1634b0e7f3e0e89504e34d248e23a8fb31cd32ff39a486946b2940f54c968f96cf"
                "c508cd871c84e68458ca7dccabc6dcfb1e9fbef9a47caae14c5239c28686e0fc0942b0c847c9d8d9"
                "87970c1c5f5f06eaa8385575dacb1e925c0ed85e13edbb9922083f9bbbb79405411ff5dfe7061568"
                "5df1f1e49867d0b6ed69afe8ac5e76ffab6ff3d71b4dae998faf8c7d5bc6ae4d",
            ),
        ),
    ),
    (
        "pr_false/HMAC_DRBG.rsp [SHA-512] pers=256 add=256 COUNT=0",
        "SHA-512",
        (
            ("EntropyInput", "da740cbc36057a8e282ae717fe7dfbb245e9e5d49908a0119c5dbcf0a1f2d5ab"),
            ("Nonce", "46561ff612217ba3ff91baa06d4b5440"),
            ("PersonalizationString", "fc227293523ecb5b1e28c87863626627d958acc558a672b148ce19e2abd2dde4"),
            ("EntropyInputReseed", "1d61d4d8a41c3254b92104fd555adae0569d1835bb52657ec7fbba0fe03579c5"),
            ("AdditionalInputReseed", "b9ed8e35ad018a375b61189c8d365b00507cb1b4510d21cac212356b5bbaa8b2"),
            ("AdditionalInput", "b7998998eaf9e5d34e64ff7f03de765b31f407899d20535573e670c1b402c26a"),
            ("AdditionalInput", "2089d49d63e0c4df58879d0cb1ba998e5b3d1a7786b785e7cf13ca5ea5e33cfd"),
            (
                "ReturnedBits",
                "5b70f3e4da95264233efbab155b828d4e231b67cc92757feca407cc9615a660871cb07ad1a2e9a99"
                "412feda8ee34dc9c57fa08d3f8225b30d29887d20907d12330fffd14d1697ba0756d37491b0a8814"
                "106e46c8677d49d9157109c402ad0c247a2f50cd5d99e538c850b906937a05dbb8888d984bc77f6c"
                "a00b0e3bc97b16d6d25814a54aa12143afddd8b2263690565d545f4137e593bb3ca88a37b0aadf79"
                "726b95c61906257e6dc47acd5b6b7e4b534243b13c16ad5a0a1163c0099fce43f428cd27c3e6463c"
                "f5e9a9621f4b3d0b3d4654316f4707675df39278d5783823049477dcce8c57fdbd576711c91301e9"
                "bd6bb0d3e72dc46d480ed8f61fd63811",
            ),
        ),
    ),
    (
        "pr_false/HMAC_DRBG.rsp [SHA-512/224] pers=192 add=192 COUNT=0",
        "SHA-512/224",
        (
            ("EntropyInput", "49b3828d3a3791daaba183fc6191b539d69cb23f7eafda11"),
            ("Nonce", "51b5ef025a0a815de8f7b3fa"),
            ("PersonalizationString", "e2fa4df4ed742c618fff06381b62130c0ba50fa1e037de09"),
            ("EntropyInputReseed", "117455d054ce5eb15d005b66de39ef4b6af811c1bd3c4f1c"),
            ("AdditionalInputReseed", "cfbe003db17375d41a1edfa4ece9db28a2a9ad9349975b2b"),
            ("AdditionalInput", "243851300d4d16f530c316f705c86136763c245c564b8bdd"),
            ("AdditionalInput", "96c4183e8bd01a25b8054917927ede7c5c5746a38c8bc62b"),
            (
                "ReturnedBits",
                "29baf90e03114bb4ae61eff71209617ffe7d36a9fc1db52a3703ae041ca05e87df8d94a3b161b718"
                "76d5784d4cda810cea69c58e3eb897680d19c9b6e8f507d931cb0e60472282db39bcd44167037a72"
                "ca11107ab1c44f2559e0c653cb530675ca511f87d761cddf2b04c0fbfccbe2ff",
            ),
        ),
    ),
    (
        "pr_false/HMAC_DRBG.rsp [SHA-512/256] pers=256 add=256 COUNT=0",
        "SHA-512/256",
        (
            ("EntropyInput", "07fccfc253700b6a75b370e08a3a7656b05819347bbe73ec3cfcb89ffdc378da"),
            ("Nonce", "63ce5f986444388962778fe385783b7f"),
            ("PersonalizationString", "6ce71511c29700a427f2f12a482d86a978ac63c6a1b6a83371e3c504f26d5b45"),
            ("EntropyInputReseed", "34ac0aa158096b65676ba5bb6766db02f8eebc5a5124204d778f15db8d6f05e3"),
            ("AdditionalInputReseed", "a1232e22ba068ae1ccca1a02aee7638b3af2c3238afe394687dc431961250d1d"),
            ("AdditionalInput", "f65fdeca968bcf29bf3e6c5ea01146d411aaaaa3afa54849bf16273805c620f6"),
            ("AdditionalInput", "b308b2e265da3e43096f4a8be9a18fd6cea6ad928ae2ef8140b5bad82b898e52"),
            (
                "ReturnedBits",
                "075189d22c22d634aa608a7ad7988f45a6fd3a43a9f84016dc2eb90334a2984562597fd72f6c3407"
                "46a688bda79d5aa21a730a5e1f7a318a9bfc55ec26cdc6dc17a400c6a46f65de8aa502f5e310b53d"
                "76dd6511d27f76c2bd24a0505615ad5d86d5092c285e6bb3efe014364698f7c88a4d36762bb9165d"
                "5bcc7d7fa0e5f4ed",
            ),
        ),
    ),
    (
        "pr_true/CTR_DRBG.rsp [AES-256 use df] pers=256 add=256 COUNT=0",
        "AES-256 use df",
        (
            ("EntropyInput", "534346a3e0baa65d7a51871b6d633a6f1efa9ff55dfde3212c95029adf2387d9"),
            ("Nonce", "0cbe99821509975d824fd826c47d2abc"),
            ("PersonalizationString", "020d7340569e68d992e6e8ddfbead9f993c74d971e4339fe91074f87e9d7d777"),
            ("AdditionalInput", "f41040eff2a7010287c2a76d7867a66e61299be1e1247a6b22a64b829ada8624"),
            ("EntropyInputPR", "286091709d2e91bfef6654b8449d5e5564b6c2fe1f3e4e6e59fe776461bfb0dc"),
            ("AdditionalInput", "94efe68e2185646a17bb8a83268142a7b7a02786c1ee90ab8f7399ccf543de26"),
            ("EntropyInputPR", "e68e127b2e5b9d6539c26f7e78bec13314e37febdb7105d1d65f0bde23c87d38"),
            (
                "ReturnedBits",
                "da6389d151e3b2b332fbcc02b2cc5af4f69835e9fbbe19130f91cbf30a3c24580ebfb4311b3487e9"
                "d6a61de9dc2842c107152158b0e75a932c38e5b8ddff10e6",
            ),
        ),
    ),
    (
        "pr_true/HMAC_DRBG.rsp [SHA-256] pers=256 add=256 COUNT=0",
        "SHA-256",
        (
            ("EntropyInput", "4294671d493dc085b5184607d7de2ff2b6aceb734a1b026f6cfee7c5a90f03da"),
            ("Nonce", "d071544e599235d5eb38b64b551d2a6e"),
            ("PersonalizationString", "63bc769ae1d95a98bde870e4db7776297041d37c8a5c688d4e024b78d83f4d78"),
            ("AdditionalInput", "28848becd3f47696f124f4b14853a456156f69be583a7d4682cff8d44b39e1d3"),
            ("EntropyInputPR", "db9b4790b62336fbb9a684b82947065393eeef8f57bd2477141ad17e776dac34"),
            ("AdditionalInput", "8bfce0b7132661c3cd78175d83926f643e36f7608eec2c5dac3ddcbacc8c2182"),
            ("EntropyInputPR", "4a9abe80f6f522f29878bedf8245b27940a76471006fb4a4110beb4decb6c341"),
            (
                "ReturnedBits",
                "e580dc969194b2b18a97478aef9d1a72390aff14562747bf080d741527a6655ce7fc135325b45748"
                "3a9f9c70f91165a811cf4524b50d51199a0df3bd60d12abac27d0bf6618e6b114e05420352e23f36"
                "03dfe8a225dc19b3d1fff1dc245dc6b1df24c741744bec3f9437dbbf222df84881a457a589e7815e"
                "f132f686b760f012",
            ),
        ),
    ),
    (
        "no_reseed/CTR_DRBG.rsp [AES-256 use df] pers=256 add=256 COUNT=0",
        "AES-256 use df",
        (
            ("EntropyInput", "87b56e964eba227154724bb9484b812d3e2c0c43b3d17f6098d9526e16e6d0ef"),
            ("Nonce", "9bea6a7ff2358df142e6c23e2157fb83"),
            ("PersonalizationString", "9860b432edd58d1ccbfeecbce99ffaee7d935a614860d4e965bd67041403096b"),
            ("AdditionalInput", "99a5cc87924e8ea65a596f81fd17d63f5b4542fe6e8e1511b5d35c835dfadb0b"),
            ("AdditionalInput", "9a8dec54734a34582a2332f3452e82313524c3e0dfb485faeac6ca5fc0ff504d"),
            (
                "ReturnedBits",
                "dbc6a2330b19b5cddd8cd6392ec1fb508678c805e87d1aca07ac265007632503044a00610c79d983"
                "75afa7ab4cca1a90989cbfe7c674af5d823ced11c47e9af6",
            ),
        ),
    ),
    (
        "no_reseed/HMAC_DRBG.rsp [SHA-256] pers=256 add=256 COUNT=0",
        "SHA-256",
        (
            ("EntropyInput", "5d3286bc53a258a53ba781e2c4dcd79a790e43bbe0e89fb3eed39086be34174b"),
            ("Nonce", "c5422294b7318952ace7055ab7570abf"),
            ("PersonalizationString", "2dba094d008e150d51c4135bb2f03dcde9cbf3468a12908a1b025c120c985b9d"),
            ("AdditionalInput", "793a7ef8f6f0482beac542bb785c10f8b7b406a4de92667ab168ecc2cf7573c6"),
            ("AdditionalInput", "2238cdb4e23d629fe0c2a83dd8d5144ce1a6229ef41dabe2a99ff722e510b530"),
            (
                "ReturnedBits",
                "d04678198ae7e1aeb435b45291458ffde0891560748b43330eaf866b5a6385e74c6fa5a5a44bdb28"
                "4d436e98d244018d6acedcdfa2e9f499d8089e4db86ae89a6ab2d19cb705e2f048f97fb597f04106"
                "a1fa6a1416ad3d859118e079a0c319eb95686f4cbcce3b5101c7a0b010ef029c4ef6d06cdfac97ef"
                "b9773891688c37cf",
            ),
        ),
    ),
)
