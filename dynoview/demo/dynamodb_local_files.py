"""The files of a DynamoDB Local install: private, pinned, and checked at every start.

``DynamoDBLocal.jar``'s manifest puts its own folder (".") first on the class path, then the
164 jars of ``DynamoDBLocal_lib``: whatever sits in the install folder runs inside the engine,
as the user who started it. So the folder must hold exactly the files of the pinned package,
each with its pinned sha256 (``MANIFEST``, taken from the npm tarball whose sha512
``dynamodb_local`` pins), and nobody but the user may be able to change it. Its folders are
0700 and its files 0600 whatever the umask: java only reads the jars and the native sqlite
libraries, nothing in it is executed as a program.

The listing is pinned in the source, not recorded on disk: a record beside the files could be
rewritten by whoever rewrote them. Hashing the 66 MB takes about 0.1 s (2 cores), against
3.6 s for the engine to start; a second check of an unchanged tree in the same process
(``install`` then ``start``) only compares its ``lstat``.
"""

from __future__ import annotations

import contextlib
import functools
import hashlib
import os
import stat
from collections.abc import Collection, Iterator
from dataclasses import dataclass
from pathlib import Path

from dynoview.core.errors import DynoViewError

ENGINE_VERSION = "1.25.1"
#: The sha256 of every file of ``package/emulator/`` in amplify-dynamodb-simulator 2.9.30, in
#: ``sha256sum`` form (``cd`` into the install folder and ``sha256sum -c`` checks it).
MANIFEST_TEXT = """\
454305e9bc3e6ebcca5b62569869e31563b8d7e346474e94557b2600702146c7  DynamoDBLocal.jar
4a750471e1ba09425aa78dae26f4c5cfa78feb5a8b63b2e2885d2155cfc08c5e  DynamoDBLocal_lib/Apache-HttpComponents-HttpClient-4.5.x.jar
2b6c396a32ca399e2d2a30be5a29a547499f8492a24a0364e7f6fefa53db57f8  DynamoDBLocal_lib/Apache-HttpComponents-HttpCore-4.4.x.jar
099ac5e78628d262127b794f351829050b1a0e1593e53cfd20757950d58841b8  DynamoDBLocal_lib/AwsFlowJava-1.0.jar
0fc4f190a5456e4e85fa0499c27b2377d51cb8ee3999637cf19542658df7e5b0  DynamoDBLocal_lib/AwsJavaSdk-CognitoIdentity-2.0.jar
6a06850f63ec9f2761546582ea39f673706c857dab18ba507c876f5d4bb733f0  DynamoDBLocal_lib/AwsJavaSdk-CognitoIdentityProvider-2.0.jar
dfe7f962638822cc2475445a7d595301b4385d46105327dc2d71f175ae249843  DynamoDBLocal_lib/AwsJavaSdk-Core-2.0.jar
95131d67ec143cdc77755e55e4637844c85c67165d725a4ae80f8375bb05678f  DynamoDBLocal_lib/AwsJavaSdk-Core-Annotations-2.0.jar
0ebad32307aefaa817f2aebe027a9e0a0f258f08c5840290f5b13631cd6c9984  DynamoDBLocal_lib/AwsJavaSdk-Core-Auth-2.0.jar
833dd16fb5fbc3b27181b23f60dc9432bd85d14a3770d1b919cf572f63663f17  DynamoDBLocal_lib/AwsJavaSdk-Core-AwsCore-2.0.jar
d5c85ca8802c10ba4b5a242153e7facb911ccdbf6f6095c7f320e9835213bade  DynamoDBLocal_lib/AwsJavaSdk-Core-AwsJsonProtocol-2.0.jar
f710191eb2b36fee11a6dfac64921fadd8732f069de483ace7816a9f874e24ed  DynamoDBLocal_lib/AwsJavaSdk-Core-Checksums-2.0.jar
da432301c6f154bc7e80685fd1d152a8f17aa0c35cc8198baf0af2b5a0f90409  DynamoDBLocal_lib/AwsJavaSdk-Core-ChecksumsSpi-2.0.jar
0835eb82514776a80fb0dc27f335a1a3703f5fdd26fa0e830a2176ab02612cfb  DynamoDBLocal_lib/AwsJavaSdk-Core-EndpointsSpi-2.0.jar
85244b84e62b5cc3231533c74d27c7bc0f174354136431cb58f60b0ca28ec851  DynamoDBLocal_lib/AwsJavaSdk-Core-HttpAuth-2.0.jar
6cf4475ddd3989c6e852d42918dde7903af650345ec73915d16cd46150302901  DynamoDBLocal_lib/AwsJavaSdk-Core-HttpAuthAws-2.0.jar
7a5a877b7933c1e407310d797eb2db0f11c8b8b956155fbb10868ae8c2bbfa22  DynamoDBLocal_lib/AwsJavaSdk-Core-HttpAuthAwsEventStream-2.0.jar
c2d543f2df00b26132be644fd630e798e70e1aa0bb127333c9cfd67f06f2ba0c  DynamoDBLocal_lib/AwsJavaSdk-Core-HttpAuthSpi-2.0.jar
808777aa026a15b02ca75b61e0845ee9b2536cd846e109f9ea0244dcde0cd916  DynamoDBLocal_lib/AwsJavaSdk-Core-IdentitySpi-2.0.jar
e94b6e42ee92ea3dc2f9cf9b1a6bd4e786038919b56475d74704066e9f16f11f  DynamoDBLocal_lib/AwsJavaSdk-Core-JsonUtils-2.0.jar
7f0d381736dec6b57b9eb54cd4f2c08e7183f3b306dad3ccf7638ab546b6dc91  DynamoDBLocal_lib/AwsJavaSdk-Core-MetricsSpi-2.0.jar
954ef62a2e452d6ed438fbf390054ee0b1c3d97146087ac98c2e92181efdd8b9  DynamoDBLocal_lib/AwsJavaSdk-Core-Profiles-2.0.jar
a9215534357edbb2048847188c4c1ddf0b2550fe683dd972a77312f8f5fbb979  DynamoDBLocal_lib/AwsJavaSdk-Core-ProtocolCore-2.0.jar
bbd6b9d5ae8a4110c0b0f0e6bbe907a34e6de25c388dc9d0948f3c2be0cd39bf  DynamoDBLocal_lib/AwsJavaSdk-Core-Regions-2.0.jar
fc2e1043f3a548f53ae10a141de638183e67564961ae31a7e8fdda133fd02bda  DynamoDBLocal_lib/AwsJavaSdk-Core-Retries-2.0.jar
e5c399038173e1b70e3bfba7a1262e216b5f45465f144f7f943229bc73d9f2df  DynamoDBLocal_lib/AwsJavaSdk-Core-RetriesSpi-2.0.jar
12eb7f7d72e2fc50bc030623f972873be36d9b8e41fab1e0f4600283dd9e9c88  DynamoDBLocal_lib/AwsJavaSdk-Core-Utils-2.0.jar
200480909cc3ff6c1e2a9c66b40ba2227c3984acbd1cd2bcf1b39f5c832c5058  DynamoDBLocal_lib/AwsJavaSdk-DynamoDb-2.0.jar
4f6ff7dff3af50f5a7c457bc56b817f79376857b2b39bd535d3b3884f3cad395  DynamoDBLocal_lib/AwsJavaSdk-DynamoDb-Enhanced-2.0.jar
2d4e327ed138f91a2c0d90484e47c470dbde4f1d965a4eaca4eb3fb9fd832629  DynamoDBLocal_lib/AwsJavaSdk-HttpClient-2.0.jar
32dc04d09a56d24a8adc03cdf1d0803b06e610a37f7314a3a30665d1b459086f  DynamoDBLocal_lib/AwsJavaSdk-HttpClient-ApacheClient-2.0.jar
72b8079facf4a5bd58e7c0b226337fc46b608ae63f84e53aafad2d73b4266d83  DynamoDBLocal_lib/AwsJavaSdk-HttpClient-NettyNioClient-2.0.jar
aff8144bb2c2f8b07adf87cf2cbf1e5f4bf44de0329d9a67dd0e2aea38a63ba8  DynamoDBLocal_lib/AwsJavaSdk-HttpClient-UrlConnectionClient-2.0.jar
59078fe2e9ea0e1bd1be48988db6ab40a8cb0fcc3bf2746149c61b6e72f4ac6e  DynamoDBLocal_lib/AwsJavaSdk-Pinpoint-2.0.jar
8eb219adecf1fccab05ca40a5e6483c9fe2cb6466cf312d62e3465157d252439  DynamoDBLocal_lib/DynamoDBPartiQLShared-1.1.jar
7f7e4914ac79d578969d75c040e3b3adce215b32281bc65d9d6aca411553b5dd  DynamoDBLocal_lib/IonJava.jar
d1d2ece65320a72d3d317995d1d42fb91cdbb71b146c533181d4ba33284cafb9  DynamoDBLocal_lib/JMESPathJava-1.12.x.jar
69527892e85a6c34c474954d1620846074421765759f8a5d144e370319052ca8  DynamoDBLocal_lib/JakartaCommons-logging-1.2.jar
43e738d71de879c7f9d5b1a508df47ffdeb26565285bedf4061a9c9d11142b0b  DynamoDBLocal_lib/Log4j-api-2.x.jar
492d64c9d1943d574e08be45413d544169d17cca9da5da9bf9ca36ea35b20027  DynamoDBLocal_lib/Log4j-core-2.x.jar
6a4b3d1541e53ff24b48c6108da3895c5ee4a6602a16b404d074eff1b3df3430  DynamoDBLocal_lib/Log4j-slf4j-2.x.jar
a9bf61957b72660fd44e806b54c2213472d843bc468896d28a00e325f023d6ef  DynamoDBLocal_lib/annotations-13.0.jar
65fd8bed69949f6a14600ea8b5ed03f7d773df596c63e11467c719ce03062e6b  DynamoDBLocal_lib/antlr-runtime-4.5.jar
830035e67d607fd2b938968786c9a5f6226e284f41e1cb2613d55553608a346f  DynamoDBLocal_lib/aws-java-sdk-core-1.12.619.jar
968a36519065be657102edca00ac142ce9c216e3b0e2d4f5602c6f957bcf3b7f  DynamoDBLocal_lib/aws-java-sdk-dynamodb-1.12.619.jar
afe871a6f8eeb0970b82804709036e71deb65ffed23963c6155e0dbb6250132e  DynamoDBLocal_lib/aws-sdk-java-third-party-jackson-core-2.28.29.jar
3fbc2e98f05854c3df16df9abaa955b91b15b3ecac33623208ed6424640ef0f6  DynamoDBLocal_lib/checker-qual-3.43.0.jar
2a6e5e7fc2557b5f7c270e0adf11995eb6ab313f7b2c62a41de9287719c08b91  DynamoDBLocal_lib/commons-cli-1.6.0.jar
6ee731df5c8e5a2976a1ca023b6bb320ea8d3539fbe64c8a1d5cb765127c33b4  DynamoDBLocal_lib/commons-lang3-3.17.0.jar
b71efcb87e572fe7ce59cade06e1c7656ed68ad27d472af729fb250cf11cdbec  DynamoDBLocal_lib/error_prone_annotations-2.x.jar
8a8f81cf9b359e3f6dfa691a1e776985c061ef2f223c9b2c80753e1b458e8064  DynamoDBLocal_lib/failureaccess-1.0.2.jar
5b94d48def857c4961ffbd244a50cd7dc96f42c82b823a7b5d86af55e4fa7ec6  DynamoDBLocal_lib/guava-33.3.0-jre.jar
65d501e80dad1ae5903cad91db2975cd82f12b6d0498e04bb2f621be901fa4cc  DynamoDBLocal_lib/infinispan-common-9.4.53.v20231009.jar
2d0a8a7f0d1f2ba86d628589eaec542906d2134a1408fff1c8a883d081714784  DynamoDBLocal_lib/infinispan-embedded-query-9.4.53.v20231009.jar
a66f2133c6ae20db78edefaa640fb4d3e57fd790dff9b6df13d63677789424c7  DynamoDBLocal_lib/infinispan-remote-query-9.4.53.v20231009.jar
a7d3d1ebc214081430041717c2e133be9a89aa0be68dbd29ed381d63c246fe19  DynamoDBLocal_lib/ion-element-0.2.0.jar
4e7c6fcf408e1d90534cb141bb599d012fa303dd1ec7902b0e3d9600ba99fbe7  DynamoDBLocal_lib/ion-java-1.5.1.jar
88241573467ddca44ffd4d74aa04c2bbfd11bf7c17e0c342c94c9de7a70a7c64  DynamoDBLocal_lib/j2objc-annotations-3.0.0.jar
8f4c1ed6aca2398e4433deead03f3b98159a3f2c47254e2a82182989af354712  DynamoDBLocal_lib/jackson-annotations-2.12.7.jar
cf81b488f726fc69bb1f7d9e90ae061a7b563fabc339ef7ac37319e5dcb6ea66  DynamoDBLocal_lib/jackson-core-2.12.7.jar
fe16d6d74a8f7f029fceb18e3c0cb07caa8a3104e1a4feab8da36f4b4bd14267  DynamoDBLocal_lib/jackson-databind-2.12.7.1.jar
038c53f913bb7522e721e9d3b613c7c4580d7cfe54e902610d209d9268a01f0f  DynamoDBLocal_lib/jackson-dataformat-cbor-2.12.7.jar
3afeb59acbd34949687862d3128f1b3096586bce37aaf19c8ab99ad36a9b2eb3  DynamoDBLocal_lib/jackson-datatype-jsr310-2.12.7.jar
ca61cc6b46127c03655f162a2d83f4d202488b461ee42be150e179ac20d04ef8  DynamoDBLocal_lib/javax-websocket-client-impl-9.4.53.v20231009.jar
3ba7291d5e96d88a7a56515890999a243f4a58d7734e47a10f74a883c431eea4  DynamoDBLocal_lib/javax-websocket-server-impl-9.4.53.v20231009.jar
dd93009fb5aa3798bcd9ab0492a292ddae0f0b1ed2e45a75867a9925c90e747a  DynamoDBLocal_lib/javax.websocket-api-1.0.jar
d28732d58add71647c01c9892d481eb30053d8327afad24a31645b22c2fc5c1c  DynamoDBLocal_lib/jetty-alpn-client-9.4.53.v20231009.jar
38a618d7fbbba0fdcb1853028fe5aa1dcb589c544b3e990052fd7e37bfd6eed3  DynamoDBLocal_lib/jetty-alpn-conscrypt-server-9.4.53.v20231009.jar
fd1c8ab838897e8b2e704f3245a6807e8e3915deee624a37f8c0ebd90feb31a9  DynamoDBLocal_lib/jetty-alpn-java-server-9.4.53.v20231009.jar
7a5098f0293442843ad345a335af4fd90ac5cb3232520f8252a347937c35d527  DynamoDBLocal_lib/jetty-alpn-openjdk8-client-9.4.53.v20231009.jar
f4a00aee667398e07b300d416ecbeda7a2d0cf1139c8b31eb2bb1e96fc56e171  DynamoDBLocal_lib/jetty-alpn-openjdk8-server-9.4.53.v20231009.jar
22970591a6b7446f23f8384cac63229f29faefcc1f0e632b60df9fd6d64fbf43  DynamoDBLocal_lib/jetty-alpn-server-9.4.53.v20231009.jar
b0133faa361f0fa2b301a8944260e24881c74374338d00058d2904f5e1df543a  DynamoDBLocal_lib/jetty-annotations-9.4.53.v20231009.jar
ca58bb0f7cb4fe4343afad71d1ef783c482a9cf73feb4eabe9d4c93c07c96ccf  DynamoDBLocal_lib/jetty-cdi-9.4.53.v20231009.jar
9f5b83f64307bbb5d42dd4273e88d642214b275490363bac954369f029643c66  DynamoDBLocal_lib/jetty-client-9.4.53.v20231009.jar
f00b5ec1cd2c0c29b7f1bde11f519f0e1cc854b40f292c2a73f20f4617ea6adf  DynamoDBLocal_lib/jetty-continuation-9.4.53.v20231009.jar
a5d19d3ffb57011eb83db81193a13ff42facee76b1f17f8e2686a4a4e7a375fb  DynamoDBLocal_lib/jetty-deploy-9.4.53.v20231009.jar
040827a809ad31f2fcdc0e138d4a9387ffe5b73ef688774fc2941aea39fef2ee  DynamoDBLocal_lib/jetty-hazelcast-9.4.53.v20231009.jar
c0a0cbd25998a13ce68481d6002757e6489ea0253463db761fec0cb30d15d612  DynamoDBLocal_lib/jetty-http-9.4.53.v20231009.jar
779a91750a60957c613ce5013404269717c504c2b21f3a73145e81c3dc41c67f  DynamoDBLocal_lib/jetty-io-9.4.53.v20231009.jar
660db885b82826517a511c36ed0b929effae383726419031c2739362780be261  DynamoDBLocal_lib/jetty-jaas-9.4.53.v20231009.jar
c559efa42df2e8a4686bd8d211de0fa04166919b4a28f7c1394abd4392cc6371  DynamoDBLocal_lib/jetty-jaspi-9.4.53.v20231009.jar
bdfe14e159a40934c13e53fe9f3412a5be83e5eea70433dcae72b5c89311d6af  DynamoDBLocal_lib/jetty-jmx-9.4.53.v20231009.jar
e7c7f26d030ce4c8b8fdfea6b6ef96c712eec6a16edccc69a061c059c6f717c0  DynamoDBLocal_lib/jetty-jndi-9.4.53.v20231009.jar
4930742d3399dc0492436c995626db1191c48494304809a931da26c440fd02f4  DynamoDBLocal_lib/jetty-memcached-sessions-9.4.53.v20231009.jar
81a50066465673e6670ec8538cee9dd5bdc6a47672bd6ad528dc71237325d9fc  DynamoDBLocal_lib/jetty-nosql-9.4.53.v20231009.jar
609944c582a9de072f3ee0e2a034dc115276463b99fe2e068b73ddba9ad4fede  DynamoDBLocal_lib/jetty-openid-9.4.53.v20231009.jar
b69087bc5d6d01bd20116e50cb5dddf308476b6a1834ed525a2b5e9d33cb6071  DynamoDBLocal_lib/jetty-plus-9.4.53.v20231009.jar
003f25fc4a062b16736eac12997b8080e83ba6da012e2befe31d67b1cbd067c1  DynamoDBLocal_lib/jetty-proxy-9.4.53.v20231009.jar
afa9376399dc4b835c38f142ee721f0d0a1398071fff7a642ee89a3aae432aee  DynamoDBLocal_lib/jetty-quickstart-9.4.53.v20231009.jar
508131b99f2c8457e90f692780ed505ab1c94cc8f2fdb92f988e4de4cfe4ba22  DynamoDBLocal_lib/jetty-rewrite-9.4.53.v20231009.jar
bb94452226bf103848614948c88f44d1057c2d9203d53affc1c9057a16223907  DynamoDBLocal_lib/jetty-schemas-3.1.jar
6d958d0065013e0a8d64b3e683d2301cf83de4a25d34552ad60714b6cbe2a7be  DynamoDBLocal_lib/jetty-security-9.4.53.v20231009.jar
9c4e9c6cb0a7a541031500af0823b678f65d809f481efa9cadd1ff81bda19f78  DynamoDBLocal_lib/jetty-server-9.4.53.v20231009.jar
b0d372f7033b42ff72c3639d0da9c9fc0d84a89f548f0b8888716863424ed4b7  DynamoDBLocal_lib/jetty-servlet-9.4.53.v20231009.jar
246020daf724a9679b4743f679f8e8acc3be3c662b8b49757a75e1bb32e80ebb  DynamoDBLocal_lib/jetty-servlets-9.4.53.v20231009.jar
dd829b40c5d9627b41f85239448f931ff63555483238f60e7437bee1c23f9ba8  DynamoDBLocal_lib/jetty-setuid-java-1.0.4.jar
7a8f6e4edef96202cf3ce73bd47add785f8d052f76863b596e2eff433d353931  DynamoDBLocal_lib/jetty-spring-9.4.53.v20231009.jar
fbae0ca6eb5536078c2aa56b892b43992a0ee04a9a93d1a15bad0d368871d146  DynamoDBLocal_lib/jetty-unixsocket-9.4.53.v20231009.jar
7e5370022ecd1f682653641169a33e62e26730dd1e786433bed506cb0dcb1abc  DynamoDBLocal_lib/jetty-util-9.4.53.v20231009.jar
c32c1e170615e366d90d92c1172588babc72ba31fdca85d84fa9172db26b73f4  DynamoDBLocal_lib/jetty-util-ajax-9.4.53.v20231009.jar
eb9ccd5f9cbf47bbeafb153fbfb53ff3cf34c07778df68247649ca00a9f599de  DynamoDBLocal_lib/jetty-webapp-9.4.53.v20231009.jar
c9205d81626888be957a27fd1f0507e31bd01d839f1cefea715079648b4f7e0b  DynamoDBLocal_lib/jetty-xml-9.4.53.v20231009.jar
9dc0a755e8f4fb6cd513e532cc664f020c6905eb2aba94a927c11b66f7584eca  DynamoDBLocal_lib/joda-time-2.12.5.jar
766ad2a0783f2687962c8ad74ceecc38a28b9f72a2d085ee438b7813e928d0c7  DynamoDBLocal_lib/jsr305-3.0.2.jar
739c526672bb337573b28f63afa8306eb088b0c3a0967f56d6c89f4a3012a492  DynamoDBLocal_lib/kotlin-stdlib-1.6.21.jar
183bec59cd9f3a14957b190e8c879cf1194bd1f106b0a7b6e1cbb8790d242363  DynamoDBLocal_lib/kotlin-stdlib-common-1.6.21.jar
40566c0c08d414b9413ba556ff7f8a0b04b98b9f0f424d122dd2088510efccc4  DynamoDBLocal_lib/kotlin-stdlib-jdk7-1.3.72.jar
133da70cfc07b56094282eac5c59bccd59f167ee2ead22e5282876d8bc10bf95  DynamoDBLocal_lib/kotlin-stdlib-jdk8-1.3.72.jar
ebfb3fde0375399f418c879d13b93d203e2dde52e4547b1ff8d25d5c90148e52  DynamoDBLocal_lib/libsqlite4java-linux-aarch64.so
da3d7d21eef476baf644026e449b392dbd738bf9246fca48ce072987264c3aca  DynamoDBLocal_lib/libsqlite4java-linux-amd64.so
3c93ee3f997e957715fd08b263948d460da000a6e0bb904ae525e790f39429eb  DynamoDBLocal_lib/libsqlite4java-linux-i386.so
5582d576221245c8b73e4e90b61e68c1efe6d4e88f643c49eb5edc493991689b  DynamoDBLocal_lib/libsqlite4java-osx-aarch64.dylib
b84122142173f33137c76d05dd6c80cc96f619ead3dc476c12d6ea46ef12dd05  DynamoDBLocal_lib/libsqlite4java-osx-x86_64.dylib
c5b630dc8349efd0520227eec4bb36a9523335b2365eddbe7856b9c73a15dcbc  DynamoDBLocal_lib/libsqlite4java-osx.dylib
fbbbe8a4d965aa67428b5ad8e997d6b66ac83fe2dfc5ecde88b1d95ad8e2d5ac  DynamoDBLocal_lib/netty-all-4.1.jar
7d94b609fb36afd88304c73922411d08f383f7945aa882b59a15219b5ecbfb76  DynamoDBLocal_lib/netty-buffer-4.1.jar
a63ac713f60ec0b8e2bb8182665d216662d1f474872ec5c368d25f15f544f4bc  DynamoDBLocal_lib/netty-codec-4.1.jar
60ab19f92b413db7e3b3e0c3d72b390aa0fb56d7ae0938f5cb5f0b87b6e095f0  DynamoDBLocal_lib/netty-codec-dns-4.1.jar
cd3fa5bea2e495df4f717e35ff75b6ac9050b7da8343f62637473315a48cbb6b  DynamoDBLocal_lib/netty-codec-haproxy-4.1.jar
bf50c212caec876bb6fba85b74f18482da2d7824dd0766f1829ca9f93aa01a52  DynamoDBLocal_lib/netty-codec-http-4.1.jar
a9eb9b0627041f4891de92aa896499ae334cdf607dba0dcdfafd3516a7d0ecca  DynamoDBLocal_lib/netty-codec-http2-4.1.jar
5529c2b0a1db4a8d8eac317ef0b4109888b619c38377e42cb7ad77bfe9ae0d8f  DynamoDBLocal_lib/netty-codec-memcache-4.1.jar
3a4beade41c5ee0ae940ad460596d31d48786a807b7d09c9a5be60e2c6fee83b  DynamoDBLocal_lib/netty-codec-mqtt-4.1.jar
9e652ba7caf4cf78f8bc9898ddc4d2c33553a77abb1a8a078f221cad189ab61b  DynamoDBLocal_lib/netty-codec-redis-4.1.jar
6a8ac5c68bf5344a44654fee2c372470e2c9fd4c4a39af7d58f7b567c4b58068  DynamoDBLocal_lib/netty-codec-smtp-4.1.jar
6e4c22dd0a5416ccce630aa37db1df11c22e1e3c68c72e1aa2206626568f522e  DynamoDBLocal_lib/netty-codec-socks-4.1.jar
17c66240cb293342d486a5dc97fa4ad38cc8c4dd6466c5ac770e61804672a251  DynamoDBLocal_lib/netty-codec-stomp-4.1.jar
85bd5cce60e1ee4f75befcd2f2f53754d07e71a160e238414144c174211770db  DynamoDBLocal_lib/netty-codec-xml-4.1.jar
9ae12e9a89f59ce24fb233851fdd93e3c2dfaeb9fa02c60627cd67fa7561871d  DynamoDBLocal_lib/netty-common-4.1.jar
1a034672ca26c8be6245c8e8641b29785ed2c018617bb2dd7e07be39f7ea71fc  DynamoDBLocal_lib/netty-handler-4.1.jar
3d00abae89eb2fb5bfb836acbee86fd5249ddeae71d7743a87a39fbc9ea41049  DynamoDBLocal_lib/netty-handler-proxy-4.1.jar
0cb6dee9797449f2a3b54f623855a462f0024faa5fa52fe108f17cf5267d68bd  DynamoDBLocal_lib/netty-handler-ssl-ocsp-4.1.jar
78e735746d1f98ca89793176359c97ad5bb6393ec63cd2962f30db43be090e1b  DynamoDBLocal_lib/netty-resolver-4.1.jar
b3f9fdaa473fb5fff307c007cc1840a411dace167bca05e1eb57fe19ebd57725  DynamoDBLocal_lib/netty-resolver-dns-4.1.jar
495058891f85bbed3dafb368af1646379e92c25300c6fa1d4deed28b4a989869  DynamoDBLocal_lib/netty-resolver-dns-classes-macos-4.1.jar
c491076d4b89bb410ce81c22a83e1e5ed1d05307b0f09935bae1c91d32ec6252  DynamoDBLocal_lib/netty-resolver-dns-native-macos-4.1-osx-aarch_64.jar
5c852c632a8463956025e85cd939063fc3cca7e247296278636749f71501445a  DynamoDBLocal_lib/netty-resolver-dns-native-macos-4.1-osx-x86_64.jar
49a3cc0b6d342340f0980f047026db74161c19ea2a07753a14b4d22ee0653aa5  DynamoDBLocal_lib/netty-transport-4.1.jar
d230d1680d1517c7d7b2e25ef6a9a87c22ebbcf264a0da8e807734f15b7c7cae  DynamoDBLocal_lib/netty-transport-classes-epoll-4.1.jar
605fda284a65c388e2235c56766b2d9938b3d4d1d724a4b17ba3fff0573c6eda  DynamoDBLocal_lib/netty-transport-classes-kqueue-4.1.jar
7c1a30b628088a2c6abfd6d2f9e7ae3d37eb2b03e9be74795ec5b95170b85426  DynamoDBLocal_lib/netty-transport-native-epoll-4.1-linux-aarch_64.jar
5e9201ad8617a8f72c99a6325c504620c715dc2e4826e36e4187f93eabc426f7  DynamoDBLocal_lib/netty-transport-native-epoll-4.1-linux-x86_64.jar
4c619f1e24fa72fd8da08ebe93d1fafcfa10678fb0819be777588c7ff5bc3fb7  DynamoDBLocal_lib/netty-transport-native-kqueue-4.1-osx-aarch_64.jar
d04e7b845b9a895280abf6ef475ff1619cafb496448dd09f83f558d4834b0408  DynamoDBLocal_lib/netty-transport-native-kqueue-4.1-osx-x86_64.jar
301c8cacc66f23a1293c7fe4700c02917839467c9b8be3b68adfb9bd35060b67  DynamoDBLocal_lib/netty-transport-native-unix-common-4.1-linux-x86_64.jar
a49fb0577b5feac778075d8dbc3175e73f7483ef5ff5b813f713a7b770aef575  DynamoDBLocal_lib/netty-transport-native-unix-common-4.1-osx-x86_64.jar
ec4bd4574ee1ec776a1b14139fb69982ddf7f5039a803082074a81f6604ecad2  DynamoDBLocal_lib/netty-transport-native-unix-common-4.1.jar
2582ab9ef16d33d0b584b8d8f78e6d0da69d1ffa550847aa03a74d17822f3ab9  DynamoDBLocal_lib/netty-transport-rxtx-4.1.jar
6e74e0e3b820e8ef31e13f9aad12380ee1026be7dcd0391d6fb1e73e1ebbaf2d  DynamoDBLocal_lib/netty-transport-sctp-4.1.jar
21dee8d190811dce5bbda1e4c7704ad12265f03215f7ac0026f9bbac3116c45d  DynamoDBLocal_lib/netty-transport-udt-4.1.jar
39a33ce7cd41d43548bf7d85aeb0fe982c04dccb7bd0d6918828e5ab09d3b51a  DynamoDBLocal_lib/partiql-ir-generator-runtime-0.4.0.jar
862d1984137dc360e9ea2491fbdbbbb1316f36eec91006b3bca8b640793994c4  DynamoDBLocal_lib/partiql-lang-kotlin-0.3.4.jar
f75ca597789b3dac58f61857b9ac2e1034a68fa672db35055a8fb4509e325f28  DynamoDBLocal_lib/reactive-streams-1.0.4.jar
f63f1925082158ede2fbf6c1b3b85a8bc59b6ba7ed9d8f21f9cea505484ec604  DynamoDBLocal_lib/servlet-api-3.1.jar
362d8dbf1a7b46696ba4a68bf22cb3fb5da476ed4f66fed9719230a4d0549b1b  DynamoDBLocal_lib/slf4j-api.jar
1f252dd5c85d901186198ad3e89ab2996182b6cc3aaa17c08c2ab8dcbda46b54  DynamoDBLocal_lib/slf4j-ext-1.7.32.jar
6f4e9a4e1635ba38b2f5d88b3d99be3062f4ed26aea0fa035bde6d0107c308e6  DynamoDBLocal_lib/sqlite4java-win32-x64.dll
e12a4403dd68349ba0c8f9a0d5574b26e2ca8294efea9a6cd136fff5567063e5  DynamoDBLocal_lib/sqlite4java-win32-x86.dll
243a64470fda0e86a6fddeb0af4c7aa9426ce84e68cbfe18d75ee5da4b7e0b92  DynamoDBLocal_lib/sqlite4java.jar
a90b8ebd397edd214229c40b141213ce5dda9a8373e7e47b8b019a46a084e5af  DynamoDBLocal_lib/websocket-api-9.4.53.v20231009.jar
99de69d0dff50d3a128a428d8da6b82bdca81fb95813f618f4f9256db475b22c  DynamoDBLocal_lib/websocket-client-9.4.53.v20231009.jar
f0b77337d00f85b3fee0910286e724925cb78828952196648646873c47a7f58c  DynamoDBLocal_lib/websocket-common-9.4.53.v20231009.jar
c2f0fc5bffdd03e11fa5fe729861696b50f20b1c8922137e9eba9142c37c1773  DynamoDBLocal_lib/websocket-server-9.4.53.v20231009.jar
6c6c26b6da021f755cf9768dc843cce1dcde328a95538605796eebd7bb206ee6  DynamoDBLocal_lib/websocket-servlet-9.4.53.v20231009.jar
16d139a35a9fda3fea7ea644df6b557c7c25b63c5320585e269d7d718e8556d0  LICENSE.txt
886a25d4107e39012a58f98ee90a89b786eb0c888d737546f4d5373304d1ea65  README.txt
df63b8cb0c4c3452e353fdd8042b275f974291835b07b7b413ac1cc4ecb21d9a  THIRD-PARTY-LICENSES.txt
5988e86aa27d4594f18c4df023cde0153753ae454266f0ce0005ba0f203a8126  sha256
"""  # noqa: E501
MANIFEST: dict[str, str] = {name: digest for digest, name in
                            (line.split("  ", 1) for line in MANIFEST_TEXT.splitlines())}
FOLDERS = frozenset({"DynamoDBLocal_lib"})
#: DynamoDB Local writes this into its working folder; versions of DynoView before the check
#: started it in the install folder, so an older install holds one. It is the engine's own
#: (an installation id), never code: it is removed, and the engine now runs elsewhere.
LEFTOVER = "dynamodb-local-metadata.json"
DIR_MODE = 0o700
FILE_MODE = 0o600
_POSIX = hasattr(os, "geteuid")


class DynamoDBLocalBroken(DynoViewError):
    """The fetched files fail their pinned hashes, or the engine would not start."""


@dataclass(frozen=True)
class Tree:
    """What an install folder holds: its file and folder names, and a signature of every entry's
    ``lstat`` (inode, size, mode, times: content cannot change without changing the ctime)."""

    home: Path
    files: frozenset[str]
    folders: frozenset[str]
    signature: tuple[tuple[object, ...], ...]


_checked: set[tuple[tuple[object, ...], ...]] = set()


def fetch_again(home: Path) -> str:
    return f"Delete {home} so that DynamoDB Local is fetched again."


def sha256_of(path: Path) -> str:
    with path.open("rb") as fh:
        return hashlib.file_digest(fh, "sha256").hexdigest()


def make_private(top: Path) -> None:
    """Folders 0700 and files 0600 under ``top`` (tar and mkdir follow the umask). Links are
    not followed (``_extract_emulator`` in ``dynamodb_local`` refuses them anyway)."""
    for folder, _dirs, names in os.walk(top):
        _tighten(Path(folder), os.lstat(folder), DIR_MODE)
        for name in names:
            path = Path(folder, name)
            st = os.lstat(path)
            if stat.S_ISREG(st.st_mode):
                _tighten(path, st, FILE_MODE)


def _tighten(path: Path, st: os.stat_result, mode: int) -> os.stat_result:
    if stat.S_IMODE(st.st_mode) == mode:
        return st
    with contextlib.suppress(OSError):  # a read-only disk: checked already, only privacy is lost
        os.chmod(path, mode)
        return os.lstat(path)
    return st


def _refuse_unsafe(path: Path, st: os.stat_result, home: Path) -> None:
    """Refuse what another user could have put there or could still change."""
    mode = st.st_mode
    if stat.S_ISLNK(mode):
        raise DynamoDBLocalBroken(f"{path} is a symbolic link, which DynamoDB Local's folder never "
                                  f"holds. {fetch_again(home)}")
    if not (stat.S_ISDIR(mode) or stat.S_ISREG(mode)):
        raise DynamoDBLocalBroken(f"{path} is neither a file nor a folder. {fetch_again(home)}")
    if not _POSIX:
        return
    if st.st_uid != os.geteuid():
        raise DynamoDBLocalBroken(f"{path} belongs to another user, so what DynamoDB Local would "
                                  f"load from it cannot be trusted. {fetch_again(home)}")
    writers = _writers(st)
    if writers:  # a chmod is not enough: a file opened for writing meanwhile stays writable
        raise DynamoDBLocalBroken(f"{path} could be changed by {writers} (mode "
                                  f"{stat.S_IMODE(mode):04o}), so what DynamoDB Local would load "
                                  "from it cannot be trusted, even made private now (a file "
                                  f"opened meanwhile stays writable). {fetch_again(home)}")
    # Group write for the user's private group (an install made under umask 002, as Debian's
    # and Ubuntu's user private groups have) is tightened by the caller: nobody else is in it.


def _writers(st: os.stat_result) -> str | None:
    """Who besides the user could write an entry: other users, a group other than the user's
    private one, or nobody (None)."""
    if st.st_mode & 0o002:
        return "other users"
    if st.st_mode & 0o020 and not _private_group(st.st_gid):
        return f"the members of group {_group_name(st.st_gid)}"
    return None


def _private_group(gid: int) -> bool:
    """True when ``gid`` is the user's private group: their own, named as they are, with no
    other member listed (who else has it as primary group is not checked: that reads every
    account)."""
    return _is_private_group(gid, os.geteuid(), os.getegid())


@functools.lru_cache(maxsize=16)  # runs at every start: one look-up per group and process
def _is_private_group(gid: int, uid: int, egid: int) -> bool:
    import grp  # POSIX only, as the callers
    import pwd

    if gid != egid:
        return False
    try:
        user = pwd.getpwuid(uid).pw_name
        group = grp.getgrgid(gid)
    except KeyError:  # an id the system cannot name: nothing says it is private
        return False
    return group.gr_name == user and set(group.gr_mem) <= {user}


def _group_name(gid: int) -> str:
    import grp

    try:
        return f"'{grp.getgrgid(gid).gr_name}'"
    except KeyError:
        return str(gid)


def _check_above(home: Path) -> None:
    """A folder above the install that another user can write lets them swap the install after
    it was checked (a sticky folder such as /tmp does not: only owners rename there). One only
    its group can write is accepted when that group is the user's private group (umask 002:
    ``~/.cache`` 0775 on Debian and Ubuntu)."""
    if not _POSIX:
        return
    for folder in home.parents:
        try:
            st = os.stat(folder)
        except OSError:
            continue
        writers = None if st.st_mode & stat.S_ISVTX else _writers(st)
        if writers:
            raise DynamoDBLocalBroken(
                f"{folder} can be changed by {writers} (mode {stat.S_IMODE(st.st_mode):04o}), so "
                f"they could replace DynamoDB Local in {home}. Run chmod go-w {folder}, or choose "
                "another cache folder with DYNOVIEW_CACHE.")


def _entries(home: Path) -> Iterator[tuple[str, Path, os.stat_result]]:
    """``home`` and everything under it, parents before children, without following links; a
    folder is listed only after the caller accepted it (the generator resumes)."""
    yield "", home, os.lstat(home)
    stack = [home]
    while stack:
        folder = stack.pop()
        with os.scandir(folder) as listing:
            found = [(Path(entry.path), entry.stat(follow_symlinks=False)) for entry in listing]
        for path, st in sorted(found, key=lambda pair: pair[0]):
            yield path.relative_to(home).as_posix(), path, st
            if stat.S_ISDIR(st.st_mode):
                stack.append(path)


def private_tree(home: Path) -> Tree:
    """Refuse an install another user could have changed (a link, an entry not the user's or
    that others could write, a folder above it they can write); tighten the rest to 0700/0600
    (an install made before this check followed the umask, 002 with a private group included);
    drop ``LEFTOVER``."""
    parent = os.lstat(home.parent)
    _refuse_unsafe(home.parent, parent, home)
    _check_above(home.parent)
    parent = _tighten(home.parent, parent, DIR_MODE)  # ``dynamodb-local``: DynoView's own folder
    files: set[str] = set()
    folders: set[str] = set()
    signature: list[tuple[object, ...]] = [(str(home), parent.st_dev, parent.st_ino)]
    for rel, path, st in _entries(home):
        _refuse_unsafe(path, st, home)
        if rel == LEFTOVER and stat.S_ISREG(st.st_mode):
            with contextlib.suppress(FileNotFoundError):
                path.unlink()
            continue
        is_dir = stat.S_ISDIR(st.st_mode)
        st = _tighten(path, st, DIR_MODE if is_dir else FILE_MODE)
        if rel:
            (folders if is_dir else files).add(rel)
            signature.append(_stamp(rel, st))
    signature.append(_stamp("", os.lstat(home)))  # after the leftover went: its mtime changed
    return Tree(home, frozenset(files), frozenset(folders), tuple(signature))


def _stamp(rel: str, st: os.stat_result) -> tuple[object, ...]:
    return (rel, st.st_dev, st.st_ino, st.st_mode, st.st_uid, st.st_size, st.st_mtime_ns,
            st.st_ctime_ns)


def already_checked(tree: Tree) -> bool:
    """True when this very tree (same entries, same ``lstat``) passed ``check_files`` in this
    process: nothing in it can have changed since without changing a ctime."""
    return tree.signature in _checked


def check_files(tree: Tree, *, hashed: Collection[str] = ()) -> None:
    """Refuse a file or folder the pinned package does not hold, a missing file, or one whose
    sha256 differs; ``hashed`` names files the caller has checked already."""
    home = tree.home
    extra = sorted((tree.files - MANIFEST.keys()) | (tree.folders - FOLDERS))
    if extra:
        raise DynamoDBLocalBroken(
            f"{home / extra[0]} is not part of DynamoDB Local {ENGINE_VERSION}; anything in that "
            f"folder would run inside the engine, so it was not started. {fetch_again(home)}")
    missing = sorted(MANIFEST.keys() - tree.files)
    if missing:
        raise DynamoDBLocalBroken(f"{home / missing[0]} is missing ({len(missing)} of the "
                                  f"{len(MANIFEST)} files of DynamoDB Local {ENGINE_VERSION} are). "
                                  f"{fetch_again(home)}")
    for name, digest in MANIFEST.items():
        if name not in hashed and sha256_of(home / name) != digest:
            raise DynamoDBLocalBroken(f"{home / name} does not match its pinned sha256: the file is "
                                      f"damaged or was replaced. {fetch_again(home)}")
    _checked.add(tree.signature)
