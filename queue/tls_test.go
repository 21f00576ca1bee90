package queue

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// writeCerts writes a CA and a certificate it signs for 127.0.0.1, and
// returns the files: CA, certificate, key.
func writeCerts(t *testing.T) (string, string, string) {
	t.Helper()
	dir := t.TempDir()
	write := func(name, kind string, der []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, pem.EncodeToMemory(&pem.Block{Type: kind, Bytes: der}), 0o600))
		return p
	}
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	ca := &x509.Certificate{SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "test CA"}, IsCA: true,
		NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour), BasicConstraintsValid: true,
		KeyUsage: x509.KeyUsageCertSign}
	caDER, err := x509.CreateCertificate(rand.Reader, ca, ca, &caKey.PublicKey, caKey)
	require.NoError(t, err)
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	require.NoError(t, err)
	leaf := &x509.Certificate{SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: "127.0.0.1"},
		IPAddresses: []net.IP{net.ParseIP("127.0.0.1")}, NotBefore: time.Now().Add(-time.Hour), NotAfter: time.Now().Add(time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth, x509.ExtKeyUsageClientAuth}}
	leafDER, err := x509.CreateCertificate(rand.Reader, leaf, ca, &key.PublicKey, caKey)
	require.NoError(t, err)
	keyDER, err := x509.MarshalECPrivateKey(key)
	require.NoError(t, err)
	return write("ca.pem", "CERTIFICATE", caDER), write("cert.pem", "CERTIFICATE", leafDER), write("key.pem", "EC PRIVATE KEY", keyDER)
}

func TestServerTLS(t *testing.T) {
	ca, cert, key := writeCerts(t)
	ns, err := StartServer(ServerOptions{Dir: t.TempDir(), Listen: "127.0.0.1:0", Cert: cert, Key: key})
	require.NoError(t, err)
	defer ns.Shutdown()
	url := ns.ClientURL()
	_, err = Connect(ClientOptions{URL: url})
	assert.Error(t, err, "a client that does not know the CA is refused")
	nc, err := Connect(ClientOptions{URL: url, CA: ca})
	require.NoError(t, err)
	assert.True(t, nc.TLSRequired())
	nc.Close()

	// Mutual TLS: the server requires a client certificate signed by CA.
	ns2, err := StartServer(ServerOptions{Dir: t.TempDir(), Listen: "127.0.0.1:0", Cert: cert, Key: key, CA: ca})
	require.NoError(t, err)
	defer ns2.Shutdown()
	_, err = Connect(ClientOptions{URL: ns2.ClientURL(), CA: ca})
	assert.Error(t, err, "no client certificate")
	nc, err = Connect(ClientOptions{URL: ns2.ClientURL(), CA: ca, Cert: cert, Key: key})
	require.NoError(t, err)
	nc.Close()
}
