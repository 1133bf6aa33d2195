/*
 * Mesa llvmpipe on the workload of texcore's `batch` benchmark (core/benches/batch.rs):
 * an RGBA8 2D 256x256 texture with 9 levels (REPEAT) sampled by a 2048x2048 grid of
 * fragments, each fragment one `texture()` sample:
 *
 *   bilinear_grid     1/8 texel per fragment (magnified 8x, lambda = -3), GL_LINEAR
 *   bilinear_random   the same footprint, each 2x2 quad at a pseudo-random place
 *   trilinear_grid    1.5 texels per fragment (lambda = log2 1.5 ~ 0.58),
 *                     GL_LINEAR_MIPMAP_LINEAR
 *   trilinear_random  the same footprint, each quad at a pseudo-random place
 *
 * Rendered off screen (EGL surfaceless, an RGBA8 framebuffer object), one frame after the
 * other, each flushed (glFlush): llvmpipe bins a frame's triangles per 64x64 tile and drops
 * a tile's earlier commands when an opaque triangle covers the whole tile, so frames queued
 * without a flush would rasterize only the last one. glFinish after the last frame; the
 * texture upload, shader compilation and two warm-up frames are outside the timed loop.
 * Prints one line per workload: "<name> <frames> <seconds> <M samples/s> <pixel>", the
 * pixel (1001, 777) of the last frame as R,G,B,A (a spot check against a bilinear
 * reference).
 *
 * The random variants hash the quad's position in the fragment shader (a few integer
 * operations per fragment that the texcore benchmark does not have: it builds its
 * requests before the timed loop).
 *
 * Build and run (Debian 12: libegl-dev, libgl-dev, Mesa's libegl-mesa0 / libgl1-mesa-dri):
 *   cc -O2 -o llvmpipe_bench tools/llvmpipe-bench/llvmpipe_bench.c -lEGL -lOpenGL
 *   EGL_PLATFORM=surfaceless LP_NUM_THREADS=1 ./llvmpipe_bench [frames]
 * LP_NUM_THREADS sets llvmpipe's rasterizer threads; GALLIVM_PERF=no_aos_sampling selects
 * its float (SoA) sampling path instead of the 8-bit-weight (AoS) one.
 */
#define GL_GLEXT_PROTOTYPES 1
#include <EGL/egl.h>
#include <EGL/eglext.h>
#include <GL/gl.h>
#include <GL/glext.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#define SCREEN 2048
#define TEX 256
#define LEVELS 9

static void die(const char *what) {
    fprintf(stderr, "llvmpipe_bench: %s\n", what);
    exit(1);
}

static const char *VS = "#version 330 core\n"
                        "void main() {\n"
                        "  vec2 p = vec2(float((gl_VertexID & 1) * 4 - 1), float((gl_VertexID & 2) * 2 - 1));\n"
                        "  gl_Position = vec4(p, 0.0, 1.0);\n"
                        "}\n";

/* `scale`: texture coordinate per fragment (normalized). The grid form reads
 * ((x + 1/2) * scale, (y + 1/2) * scale) at fragment (x, y), as the texcore benchmark. */
static const char *FS_GRID = "#version 330 core\n"
                             "uniform sampler2D tex;\n"
                             "uniform float scale;\n"
                             "out vec4 color;\n"
                             "void main() { color = texture(tex, gl_FragCoord.xy * scale); }\n";

/* The random form: the quad's origin is a pseudo-random point of the texture (xorshift of
 * the quad index), the lanes keep the grid's footprint. */
static const char *FS_RANDOM = "#version 330 core\n"
                               "uniform sampler2D tex;\n"
                               "uniform float scale;\n"
                               "out vec4 color;\n"
                               "uint xorshift(uint s) { s ^= s << 13; s ^= s >> 17; s ^= s << 5; return s; }\n"
                               "void main() {\n"
                               "  uvec2 q = uvec2(gl_FragCoord.xy) >> 1u;\n"
                               "  uint a = xorshift(q.x * 1024u + q.y + 0x2545F491u);\n"
                               "  uint b = xorshift(a);\n"
                               "  vec2 origin = vec2(float(a >> 8), float(b >> 8)) * (1.0 / 16777216.0);\n"
                               "  vec2 lane = gl_FragCoord.xy - vec2(q << 1u);\n"
                               "  color = texture(tex, origin + lane * scale);\n"
                               "}\n";

static GLuint shader(GLenum kind, const char *src) {
    GLuint s = glCreateShader(kind);
    glShaderSource(s, 1, &src, NULL);
    glCompileShader(s);
    GLint ok = 0;
    glGetShaderiv(s, GL_COMPILE_STATUS, &ok);
    if (!ok) {
        char log[1024];
        glGetShaderInfoLog(s, sizeof log, NULL, log);
        fprintf(stderr, "%s\n", log);
        die("shader compilation failed");
    }
    return s;
}

static GLuint program(const char *fs) {
    GLuint p = glCreateProgram();
    glAttachShader(p, shader(GL_VERTEX_SHADER, VS));
    glAttachShader(p, shader(GL_FRAGMENT_SHADER, fs));
    glLinkProgram(p);
    GLint ok = 0;
    glGetProgramiv(p, GL_LINK_STATUS, &ok);
    if (!ok)
        die("program link failed");
    return p;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static void run(const char *name, GLuint prog, GLuint tex, GLint min_filter, float scale, int frames) {
    glUseProgram(prog);
    glUniform1i(glGetUniformLocation(prog, "tex"), 0);
    glUniform1f(glGetUniformLocation(prog, "scale"), scale);
    glBindTexture(GL_TEXTURE_2D, tex);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, min_filter);
    /* Warm-up: the fragment shader's JIT and the first frame's setup. */
    for (int i = 0; i < 2; i++) {
        glDrawArrays(GL_TRIANGLES, 0, 3);
        glFlush();
    }
    glFinish();
    double t0 = now();
    for (int i = 0; i < frames; i++) {
        glDrawArrays(GL_TRIANGLES, 0, 3);
        glFlush();
    }
    glFinish();
    double t = now() - t0;
    double samples = (double)frames * SCREEN * SCREEN;
    unsigned char px[4];
    glReadPixels(1001, 777, 1, 1, GL_RGBA, GL_UNSIGNED_BYTE, px);
    printf("%s %d %.3f %.1f %u,%u,%u,%u\n", name, frames, t, samples / t * 1e-6, px[0], px[1], px[2], px[3]);
    fflush(stdout);
}

int main(int argc, char **argv) {
    int frames = argc > 1 ? atoi(argv[1]) : 40;
    if (frames <= 0)
        die("frames must be positive");
    EGLDisplay dpy = eglGetDisplay(EGL_DEFAULT_DISPLAY);
    if (dpy == EGL_NO_DISPLAY || !eglInitialize(dpy, NULL, NULL))
        die("no EGL display (set EGL_PLATFORM=surfaceless)");
    if (!eglBindAPI(EGL_OPENGL_API))
        die("no desktop GL");
    static const EGLint ctx_attr[] = {EGL_CONTEXT_MAJOR_VERSION, 3, EGL_CONTEXT_MINOR_VERSION, 3,
                                      EGL_CONTEXT_OPENGL_PROFILE_MASK, EGL_CONTEXT_OPENGL_CORE_PROFILE_BIT,
                                      EGL_NONE};
    /* No config: the context renders to framebuffer objects only (EGL_KHR_no_config_context). */
    EGLContext ctx = eglCreateContext(dpy, EGL_NO_CONFIG_KHR, EGL_NO_CONTEXT, ctx_attr);
    if (ctx == EGL_NO_CONTEXT || !eglMakeCurrent(dpy, EGL_NO_SURFACE, EGL_NO_SURFACE, ctx))
        die("no GL 3.3 core context");
    printf("# renderer: %s; GL %s\n", (const char *)glGetString(GL_RENDERER), (const char *)glGetString(GL_VERSION));

    GLuint fbo, rb, vao, tex;
    glGenFramebuffers(1, &fbo);
    glBindFramebuffer(GL_FRAMEBUFFER, fbo);
    glGenRenderbuffers(1, &rb);
    glBindRenderbuffer(GL_RENDERBUFFER, rb);
    glRenderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, SCREEN, SCREEN);
    glFramebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, rb);
    if (glCheckFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
        die("framebuffer incomplete");
    glViewport(0, 0, SCREEN, SCREEN);
    glGenVertexArrays(1, &vao);
    glBindVertexArray(vao);

    /* The texcore benchmark's texel bytes: byte i of the mip chain is (13 i + (i >> 7)) mod 256. */
    static unsigned char bytes[TEX * TEX * 4 * 2];
    for (size_t i = 0; i < sizeof bytes; i++)
        bytes[i] = (unsigned char)(i * 13 + (i >> 7));
    glGenTextures(1, &tex);
    glBindTexture(GL_TEXTURE_2D, tex);
    glPixelStorei(GL_UNPACK_ALIGNMENT, 1);
    size_t offset = 0;
    for (int l = 0, s = TEX; l < LEVELS; l++, s >>= 1) {
        glTexImage2D(GL_TEXTURE_2D, l, GL_RGBA8, s, s, 0, GL_RGBA, GL_UNSIGNED_BYTE, bytes + offset);
        offset += (size_t)s * s * 4;
    }
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAX_LEVEL, LEVELS - 1);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_REPEAT);
    glTexParameteri(GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_REPEAT);

    GLuint grid = program(FS_GRID), random = program(FS_RANDOM);
    float px = 1.0f / TEX;
    run("bilinear_grid", grid, tex, GL_LINEAR, px / 8.0f, frames);
    run("bilinear_random", random, tex, GL_LINEAR, px / 8.0f, frames);
    run("trilinear_grid", grid, tex, GL_LINEAR_MIPMAP_LINEAR, 1.5f * px, frames);
    run("trilinear_random", random, tex, GL_LINEAR_MIPMAP_LINEAR, 1.5f * px, frames);
    if (glGetError() != GL_NO_ERROR)
        die("GL error");
    return 0;
}
