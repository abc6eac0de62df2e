/* ss-model-strings-list.c - generated from the scenario tables of the
 * engine (titles, descriptions, parameter labels and descriptions, groups,
 * labels of columns and contacts) and of the papers' examples (titles,
 * citations, notes, settings, values)
 * so that xgettext extracts them; test-model-strings fails when a scenario
 * adds a text that is missing here. */
#include <glib/gi18n.h>

#include "ss-model-strings.h"

const char *const ss_i18n_model_texts[] = {
  /* one-mass: title */
  N_("Block with static and kinetic friction"),
  /* one-mass: description */
  N_("A block on a rough base pulled through a spring by a driver moving at constant speed, and/or pushed by a sinusoidal force: the classic stick-slip oscillator (Zardecki 2006, 2007; Karnopp 1985). Every friction law is selectable."),
  /* one-mass: group */
  N_("Mechanism"),
  /* one-mass: label of M */
  N_("Mass M"),
  /* one-mass: description of M */
  N_("Block mass"),
  /* one-mass: label of g */
  N_("Gravity g"),
  /* one-mass: description of g */
  N_("Gravitational acceleration (normal force N = M g)"),
  /* one-mass: label of k */
  N_("Spring stiffness k"),
  /* one-mass: description of k */
  N_("Stiffness of the spring between driver and block"),
  /* one-mass: group */
  N_("Friction"),
  /* one-mass: label of c */
  N_("Viscous coefficient C"),
  /* one-mass: description of c */
  N_("Viscous friction coefficient of the contact"),
  /* one-mass: label of mu_s */
  N_("Static coefficient μs"),
  /* one-mass: description of mu_s */
  N_("Static friction coefficient: FT0S = mu_s M g"),
  /* one-mass: label of mu_k */
  N_("Kinetic coefficient μk"),
  /* one-mass: description of mu_k */
  N_("Kinetic friction coefficient: FT0K = mu_k M g (<= mu_s)"),
  /* one-mass: group */
  N_("Load"),
  /* one-mass: label of v_drive */
  N_("Driver speed"),
  /* one-mass: description of v_drive */
  N_("Speed of the spring's far end (the driver)"),
  /* one-mass: label of x_drive0 */
  N_("Driver start"),
  /* one-mass: description of x_drive0 */
  N_("Driver position at t = 0 (spring pre-stretch)"),
  /* one-mass: label of F0 */
  N_("Constant force F0"),
  /* one-mass: description of F0 */
  N_("Constant force on the block"),
  /* one-mass: label of A */
  N_("Force amplitude A"),
  /* one-mass: description of A */
  N_("Amplitude of the force A sin(omega t) on the block"),
  /* one-mass: label of omega */
  N_("Force frequency ω"),
  /* one-mass: description of omega */
  N_("Angular frequency of the sinusoidal force"),
  /* one-mass: group */
  N_("Friction law"),
  /* one-mass: description of law */
  N_("Exact Coulomb (event-driven), Regularised Coulomb (γ), tanh smoothing or LuGre"),
  /* one-mass: label of law=exact */
  N_("Exact Coulomb (event-driven)"),
  /* one-mass: label of law=regularised */
  N_("Regularised Coulomb (γ)"),
  /* one-mass: label of law=tanh */
  N_("tanh smoothing"),
  /* one-mass: label of law=lugre */
  N_("LuGre"),
  /* one-mass: label of gamma */
  N_("Threshold velocity γ"),
  /* one-mass: description of gamma */
  N_("Regularised law: sliding velocity at which friction reaches the static level"),
  /* one-mass: label of k_tanh */
  N_("tanh steepness k"),
  /* one-mass: description of k_tanh */
  N_("tanh law: friction coefficient mu_k tanh(k v)"),
  /* one-mass: label of sigma0 */
  N_("LuGre σ0"),
  /* one-mass: description of sigma0 */
  N_("LuGre bristle stiffness per unit normal force; above about 1e9 the bristles' fast oscillation needs more steps than max_steps allows and runs stop"),
  /* one-mass: label of sigma1 */
  N_("LuGre σ1"),
  /* one-mass: description of sigma1 */
  N_("LuGre bristle damping per unit normal force"),
  /* one-mass: label of sigma1_damping */
  N_("LuGre damping"),
  /* one-mass: description of sigma1_damping */
  N_("LuGre damping: constant σ1 as published (not dissipative where μs > μk without viscous friction), or decaying, σ1·exp(−(v/ϑ)²), dissipative and within the static level for σ1·ϑ ≤ √(2e)·H"),
  /* one-mass: label of sigma1_damping=constant */
  N_("Constant"),
  /* one-mass: label of sigma1_damping=decaying */
  N_("Decaying"),
  /* one-mass: label of vartheta */
  N_("LuGre ϑ"),
  /* one-mass: description of vartheta */
  N_("LuGre Stribeck velocity (border between stiction and sliding)"),
  /* one-mass: label of v_stick */
  N_("Stick velocity (smooth laws)"),
  /* one-mass: description of v_stick */
  N_("tanh and LuGre: |v| below this is reported as stick (regularised uses gamma)"),
  /* dupont: title */
  N_("Mass in the slot of a second mass (Dupont)"),
  /* dupont: description */
  N_("Mass m1 slides in a slot of mass m2; the force F2 that accelerates both presses m1 against the slot wall, so the normal force is inertial and changes sign with F2 (Blajer & Markiewicz, Fig. 4)."),
  /* dupont: label of m1 */
  N_("Mass m1"),
  /* dupont: description of m1 */
  N_("Mass sliding in the slot"),
  /* dupont: label of m2 */
  N_("Mass m2"),
  /* dupont: description of m2 */
  N_("Slotted mass"),
  /* dupont: description of mu_s */
  N_("Static friction coefficient in the slot"),
  /* dupont: description of mu_k */
  N_("Kinetic friction coefficient in the slot (<= mu_s)"),
  /* dupont: label of F1_amp */
  N_("F1 amplitude"),
  /* dupont: description of F1_amp */
  N_("F1 = F1_amp sin(omega1 t) along the slot"),
  /* dupont: label of omega1 */
  N_("F1 frequency"),
  /* dupont: description of omega1 */
  N_("Angular frequency of F1"),
  /* dupont: label of F2_amp */
  N_("F2 amplitude"),
  /* dupont: description of F2_amp */
  N_("F2 = F2_amp cos(omega2 t) across the slot"),
  /* dupont: label of omega2 */
  N_("F2 frequency"),
  /* dupont: description of omega2 */
  N_("Angular frequency of F2"),
  /* two-block: title */
  N_("Two blocks, three frictional contacts"),
  /* two-block: description */
  N_("Two blocks on a rough base, clamped against each other, each pushed by its own force: the simplest system whose static friction forces are indeterminate (Zardecki 2007, §4). Visits the five velocity cases; in total stiction only the sums 10+12 and 20-12 are determinate, and the accelerations come from the exact Gauss minimisation."),
  /* two-block: label of M1 */
  N_("Mass M1"),
  /* two-block: description of M1 */
  N_("Mass of block 1"),
  /* two-block: label of M2 */
  N_("Mass M2"),
  /* two-block: description of M2 */
  N_("Mass of block 2"),
  /* two-block: description of g */
  N_("Gravitational acceleration (normal forces N10 = M1 g, N20 = M2 g)"),
  /* two-block: label of clamp */
  N_("Clamp force N12"),
  /* two-block: description of clamp */
  N_("Normal force pressing the blocks against each other (contact 12)"),
  /* two-block: label of mu_s10 */
  N_("Static coefficient μs 10"),
  /* two-block: description of mu_s10 */
  N_("Static friction coefficient of contact 10 (block 1 on the base): FT0S = mu_s N"),
  /* two-block: label of mu_k10 */
  N_("Kinetic coefficient μk 10"),
  /* two-block: description of mu_k10 */
  N_("Kinetic friction coefficient of contact 10 (block 1 on the base): FT0K = mu_k N, <= mu_s10"),
  /* two-block: label of c10 */
  N_("Viscous coefficient C10"),
  /* two-block: description of c10 */
  N_("Viscous friction coefficient of contact 10 (block 1 on the base)"),
  /* two-block: label of mu_s20 */
  N_("Static coefficient μs 20"),
  /* two-block: description of mu_s20 */
  N_("Static friction coefficient of contact 20 (block 2 on the base): FT0S = mu_s N"),
  /* two-block: label of mu_k20 */
  N_("Kinetic coefficient μk 20"),
  /* two-block: description of mu_k20 */
  N_("Kinetic friction coefficient of contact 20 (block 2 on the base): FT0K = mu_k N, <= mu_s20"),
  /* two-block: label of c20 */
  N_("Viscous coefficient C20"),
  /* two-block: description of c20 */
  N_("Viscous friction coefficient of contact 20 (block 2 on the base)"),
  /* two-block: label of mu_s12 */
  N_("Static coefficient μs 12"),
  /* two-block: description of mu_s12 */
  N_("Static friction coefficient of contact 12 (between the blocks): FT0S = mu_s N"),
  /* two-block: label of mu_k12 */
  N_("Kinetic coefficient μk 12"),
  /* two-block: description of mu_k12 */
  N_("Kinetic friction coefficient of contact 12 (between the blocks): FT0K = mu_k N, <= mu_s12"),
  /* two-block: label of c12 */
  N_("Viscous coefficient C12"),
  /* two-block: description of c12 */
  N_("Viscous friction coefficient of contact 12 (between the blocks)"),
  /* two-block: label of F1_bias */
  N_("Force F1: constant part"),
  /* two-block: description of F1_bias */
  N_("Constant part of the force on block 1: F1 = F1_bias + F1_amp sin(F1_omega t + F1_phase)"),
  /* two-block: label of F1_amp */
  N_("Force F1: amplitude"),
  /* two-block: description of F1_amp */
  N_("Amplitude of the sinusoidal part of F1"),
  /* two-block: label of F1_omega */
  N_("Force F1: frequency ω"),
  /* two-block: description of F1_omega */
  N_("Angular frequency of the sinusoidal part of F1"),
  /* two-block: label of F1_phase */
  N_("Force F1: phase φ"),
  /* two-block: description of F1_phase */
  N_("Phase of the sinusoidal part of F1"),
  /* two-block: group */
  N_("Initial state"),
  /* two-block: label of v1_0 */
  N_("Initial velocity v1"),
  /* two-block: description of v1_0 */
  N_("Velocity of block 1 at t = 0"),
  /* two-block: label of F2_bias */
  N_("Force F2: constant part"),
  /* two-block: description of F2_bias */
  N_("Constant part of the force on block 2: F2 = F2_bias + F2_amp sin(F2_omega t + F2_phase)"),
  /* two-block: label of F2_amp */
  N_("Force F2: amplitude"),
  /* two-block: description of F2_amp */
  N_("Amplitude of the sinusoidal part of F2"),
  /* two-block: label of F2_omega */
  N_("Force F2: frequency ω"),
  /* two-block: description of F2_omega */
  N_("Angular frequency of the sinusoidal part of F2"),
  /* two-block: label of F2_phase */
  N_("Force F2: phase φ"),
  /* two-block: description of F2_phase */
  N_("Phase of the sinusoidal part of F2"),
  /* two-block: label of v2_0 */
  N_("Initial velocity v2"),
  /* two-block: description of v2_0 */
  N_("Velocity of block 2 at t = 0"),
  /* gear-train: title */
  N_("Gear train with freeplay and bearing friction"),
  /* gear-train: description */
  N_("Two inertial solids joined by shafts and a gear pair, with freeplay in the shaft mountings and between the teeth and dry friction in four bearings (Zardecki 2006, Fig. 10): a steering gear. Four modelling levels: the full redundant model, weightless gears, the reduced 2-DOF model and the linear one."),
  /* gear-train: label of level */
  N_("Modelling level"),
  /* gear-train: description of level */
  N_("1 full 4-DOF model with gear inertias; 2 weightless gears (Simplification 1); 3 reduced 2-DOF model (Simplification 2); 4 linear (Simplification 3)"),
  /* gear-train: label of I_psi */
  N_("Inertia Iψ"),
  /* gear-train: description of I_psi */
  N_("Moment of inertia of the driven solid ψ (steering wheel)"),
  /* gear-train: label of I_delta */
  N_("Inertia Iδ"),
  /* gear-train: description of I_delta */
  N_("Moment of inertia of gear wheel δ (level 1 only)"),
  /* gear-train: label of I_gamma */
  N_("Inertia Iγ"),
  /* gear-train: description of I_gamma */
  N_("Moment of inertia of gear wheel γ (level 1 only)"),
  /* gear-train: label of I_phi */
  N_("Inertia Iϕ"),
  /* gear-train: description of I_phi */
  N_("Moment of inertia of the load solid ϕ (road wheels)"),
  /* gear-train: label of p */
  N_("Gear ratio p"),
  /* gear-train: description of p */
  N_("p = r_gamma / r_delta: without freeplay delta = p gamma"),
  /* gear-train: label of k_psi_delta */
  N_("Shaft stiffness kψδ"),
  /* gear-train: description of k_psi_delta */
  N_("Torsional stiffness of the shaft ψ-δ"),
  /* gear-train: label of gap_psi_delta */
  N_("Shaft freeplay (ψ-δ)0"),
  /* gear-train: description of gap_psi_delta */
  N_("Half of the total freeplay in the mounting of shaft ψ-δ"),
  /* gear-train: label of k_delta_gamma */
  N_("Mesh stiffness kδγ"),
  /* gear-train: description of k_delta_gamma */
  N_("Tooth stiffness measured at wheel δ, k = r_delta² K"),
  /* gear-train: label of gap_delta_gamma */
  N_("Mesh freeplay (δ-pγ)0"),
  /* gear-train: description of gap_delta_gamma */
  N_("Half of the total tooth freeplay measured at wheel δ (l0 / r_delta)"),
  /* gear-train: label of r_delta */
  N_("Pitch radius rδ"),
  /* gear-train: description of r_delta */
  N_("Radius of wheel δ: mesh force = mesh torque at δ / r_delta"),
  /* gear-train: label of k_gamma_phi */
  N_("Shaft stiffness kγϕ"),
  /* gear-train: description of k_gamma_phi */
  N_("Torsional stiffness of the shaft γ-ϕ"),
  /* gear-train: label of gap_gamma_phi */
  N_("Shaft freeplay (γ-ϕ)0"),
  /* gear-train: description of gap_gamma_phi */
  N_("Half of the total freeplay in the mounting of shaft γ-ϕ"),
  /* gear-train: label of k_phi_ground */
  N_("Ground spring on ϕ"),
  /* gear-train: description of k_phi_ground */
  N_("Spring from solid ϕ to the casing (0: none)"),
  /* gear-train: label of mu_psi */
  N_("Viscous μ ψ"),
  /* gear-train: description of mu_psi */
  N_("Viscous coefficient of the ψ bearing"),
  /* gear-train: label of MT0s_psi */
  N_("Static MT0 ψ"),
  /* gear-train: description of MT0s_psi */
  N_("Static dry friction torque (stiction limit) of the ψ bearing"),
  /* gear-train: label of MT0k_psi */
  N_("Kinetic MT0 ψ"),
  /* gear-train: description of MT0k_psi */
  N_("Kinetic dry friction torque of the ψ bearing (<= static)"),
  /* gear-train: label of mu_delta */
  N_("Viscous μ δ"),
  /* gear-train: description of mu_delta */
  N_("Viscous coefficient of the δ bearing"),
  /* gear-train: label of MT0s_delta */
  N_("Static MT0 δ"),
  /* gear-train: description of MT0s_delta */
  N_("Static dry friction torque (stiction limit) of the δ bearing"),
  /* gear-train: label of MT0k_delta */
  N_("Kinetic MT0 δ"),
  /* gear-train: description of MT0k_delta */
  N_("Kinetic dry friction torque of the δ bearing (<= static)"),
  /* gear-train: label of mu_gamma */
  N_("Viscous μ γ"),
  /* gear-train: description of mu_gamma */
  N_("Viscous coefficient of the γ bearing"),
  /* gear-train: label of MT0s_gamma */
  N_("Static MT0 γ"),
  /* gear-train: description of MT0s_gamma */
  N_("Static dry friction torque (stiction limit) of the γ bearing"),
  /* gear-train: label of MT0k_gamma */
  N_("Kinetic MT0 γ"),
  /* gear-train: description of MT0k_gamma */
  N_("Kinetic dry friction torque of the γ bearing (<= static)"),
  /* gear-train: label of mu_phi */
  N_("Viscous μ ϕ"),
  /* gear-train: description of mu_phi */
  N_("Viscous coefficient of the ϕ bearing"),
  /* gear-train: label of MT0s_phi */
  N_("Static MT0 ϕ"),
  /* gear-train: description of MT0s_phi */
  N_("Static dry friction torque (stiction limit) of the ϕ bearing"),
  /* gear-train: label of MT0k_phi */
  N_("Kinetic MT0 ϕ"),
  /* gear-train: description of MT0k_phi */
  N_("Kinetic dry friction torque of the ϕ bearing (<= static)"),
  /* gear-train: label of law */
  N_("Bearing friction law"),
  /* gear-train: description of gamma */
  N_("Regularised law: rate at which bearing friction reaches the static level"),
  /* gear-train: description of k_tanh */
  N_("tanh law: friction MT0k tanh(k omega)"),
  /* gear-train: description of sigma0 */
  N_("LuGre bristle stiffness per unit static friction torque; above about 1e9 the bristles' fast oscillation needs more steps than max_steps allows and runs stop"),
  /* gear-train: description of sigma1 */
  N_("LuGre bristle damping per unit static friction torque"),
  /* gear-train: description of vartheta */
  N_("LuGre Stribeck rate (border between stiction and sliding)"),
  /* gear-train: label of v_stick */
  N_("Stick rate (smooth laws)"),
  /* gear-train: description of v_stick */
  N_("tanh and LuGre: |rate| below this is reported as stick (regularised uses gamma)"),
  /* gear-train: label of drive */
  N_("Drive torque shape"),
  /* gear-train: description of drive */
  N_("M_psi(t): sine M sin(2 pi f t), ramp from 0 to M over t_load, or step to M at t_load"),
  /* gear-train: label of M_psi_amp */
  N_("Drive torque M"),
  /* gear-train: description of M_psi_amp */
  N_("Sine amplitude, ramp final value or step height of the torque on ψ"),
  /* gear-train: label of f_drive */
  N_("Drive frequency"),
  /* gear-train: description of f_drive */
  N_("Frequency of the sinusoidal drive torque"),
  /* gear-train: label of t_load */
  N_("Ramp time / step instant"),
  /* gear-train: description of t_load */
  N_("Ramp: time to reach M; step: instant of the step"),
  /* gear-train: label of M_phi0 */
  N_("Load torque on ϕ"),
  /* gear-train: description of M_phi0 */
  N_("Constant external torque on ϕ"),
  /* gear-train: label of M_phi_amp */
  N_("Load torque amplitude"),
  /* gear-train: description of M_phi_amp */
  N_("Amplitude of the sinusoidal external torque on ϕ"),
  /* gear-train: label of f_phi */
  N_("Load frequency"),
  /* gear-train: description of f_phi */
  N_("Frequency of the sinusoidal torque on ϕ"),
  /* slider-crank: title */
  N_("Slider-crank with joint friction (Blajer & Markiewicz, Example 2)"),
  /* slider-crank: description */
  N_("Crank and connecting rod hanging along a vertical guide, friction moments mu d |R| in the three pins and mu |N| in the guide, driven by a sinusoidal crank torque from the unforced equilibrium: the minimal-form model with reaction-dependent friction, stiction (reactions undetermined), reversals without sticking and sliding (Blajer & Markiewicz, §6.2)."),
  /* slider-crank: label of m1 */
  N_("Crank mass m1"),
  /* slider-crank: description of m1 */
  N_("Mass of the crank OA (J1 = m1 a1²/3)"),
  /* slider-crank: label of m2 */
  N_("Rod mass m2"),
  /* slider-crank: description of m2 */
  N_("Mass of the connecting rod AB (J2 = m2 a2²/3)"),
  /* slider-crank: label of m3 */
  N_("Slider mass m3"),
  /* slider-crank: description of m3 */
  N_("Mass of the slider at B (the paper gives none: massless)"),
  /* slider-crank: label of a1 */
  N_("Crank half-length a1"),
  /* slider-crank: description of a1 */
  N_("Half the length of the crank OA"),
  /* slider-crank: label of a2 */
  N_("Rod half-length a2"),
  /* slider-crank: description of a2 */
  N_("Half the length of the rod AB (must exceed a1)"),
  /* slider-crank: description of g */
  N_("Gravitational acceleration, directed along the guide Ox"),
  /* slider-crank: label of friction */
  N_("Joint friction"),
  /* slider-crank: description of friction */
  N_("on, or off for the ideal mechanism (the papers' mu = 0 comparison)"),
  /* slider-crank: label of mu_rs */
  N_("Revolute static μrs"),
  /* slider-crank: description of mu_rs */
  N_("Static friction coefficient of the revolute joints (moment mu d |R|)"),
  /* slider-crank: label of mu_rk */
  N_("Revolute kinetic μrk"),
  /* slider-crank: description of mu_rk */
  N_("Kinetic friction coefficient of the revolute joints (<= mu_rs)"),
  /* slider-crank: label of d */
  N_("Pin size d"),
  /* slider-crank: description of d */
  N_("Bearing size d of every revolute joint in the friction moment mu d |R|"),
  /* slider-crank: label of mu_ts */
  N_("Guide static μts"),
  /* slider-crank: description of mu_ts */
  N_("Static friction coefficient of the slider guide (force mu |N|)"),
  /* slider-crank: label of mu_tk */
  N_("Guide kinetic μtk"),
  /* slider-crank: description of mu_tk */
  N_("Kinetic friction coefficient of the slider guide (<= mu_ts)"),
  /* slider-crank: label of h */
  N_("Slider length h"),
  /* slider-crank: description of h */
  N_("Slider length: guide moments press its two edges, friction mu (|N1| + |N2|); 0 = moments carried without friction (the paper's model)"),
  /* slider-crank: group */
  N_("Numerics"),
  /* slider-crank: label of formulation */
  N_("Formulation"),
  /* slider-crank: description of formulation */
  N_("minimal (one dynamic equation, Blajer & Markiewicz, §5) or absolute (Lagrange equations of the first kind with Baumgarte stabilisation)"),
  /* slider-crank: label of tau0 */
  N_("Constant torque τ0"),
  /* slider-crank: description of tau0 */
  N_("Constant part of the crank torque tau0 + A sin(omega t)"),
  /* slider-crank: label of A */
  N_("Torque amplitude A"),
  /* slider-crank: description of A */
  N_("Amplitude of the crank torque tau0 + A sin(omega t)"),
  /* slider-crank: label of omega */
  N_("Torque frequency ω"),
  /* slider-crank: description of omega */
  N_("Angular frequency of the crank torque"),
  /* slider-crank-offset: title */
  N_("Offset slider-crank with joint friction (Blajer & Markiewicz, Example 1)"),
  /* slider-crank-offset: description */
  N_("Crank, coupler and a slider block whose pin sits 2 a3 above the guide, gravity downwards, friction in the three pins and at the guide contact, a sinusoidal crank torque from the unforced equilibrium; compare with the ideal mechanism (friction off) as in Blajer & Markiewicz, §6.1."),
  /* slider-crank-offset: description of m1 */
  N_("Mass of the crank (J1 = m1 a1²/3)"),
  /* slider-crank-offset: label of m2 */
  N_("Coupler mass m2"),
  /* slider-crank-offset: description of m2 */
  N_("Mass of the coupler (J2 = m2 a2²/3)"),
  /* slider-crank-offset: description of m3 */
  N_("Mass of the slider block (J3 = m3 a3²/3)"),
  /* slider-crank-offset: description of a1 */
  N_("Half the length of the crank"),
  /* slider-crank-offset: label of a2 */
  N_("Coupler half-length a2"),
  /* slider-crank-offset: description of a2 */
  N_("Half the length of the coupler"),
  /* slider-crank-offset: label of a3 */
  N_("Slider half-height a3"),
  /* slider-crank-offset: description of a3 */
  N_("Half the height of the slider block: its pin sits 2 a3 above the guide"),
  /* slider-crank-offset: description of g */
  N_("Gravitational acceleration, directed along -y"),
  /* two-slider: title */
  N_("Two sliders joined by a rod: stiction indeterminacy (Wojtyra)"),
  /* two-slider: description */
  N_("Two sliders on perpendicular rails joined by a rod, friction in both guides. Locked by stiction the rigid mechanism is redundantly constrained: the friction forces and the instant it breaks loose depend on the redundancy treatment, on gamma or sigma0 of each guide, or on the rod's axial stiffness (Wojtyra 2016, Examples 1-5; Wojtyra & Frączek)."),
  /* two-slider: label of m1 */
  N_("Slider 1 mass m1"),
  /* two-slider: description of m1 */
  N_("Mass of slider 1 (vertical rail)"),
  /* two-slider: label of m2 */
  N_("Slider 2 mass m2"),
  /* two-slider: description of m2 */
  N_("Mass of slider 2 (horizontal rail)"),
  /* two-slider: label of m3 */
  N_("Rod mass m3"),
  /* two-slider: description of m3 */
  N_("Mass of the connecting rod"),
  /* two-slider: label of J3 */
  N_("Rod inertia J3"),
  /* two-slider: description of J3 */
  N_("Moment of inertia of the rod about its centre"),
  /* two-slider: label of y1_0 */
  N_("Pin 1 height"),
  /* two-slider: description of y1_0 */
  N_("Initial height of slider 1's pin on the vertical rail (x = 0)"),
  /* two-slider: label of x2_0 */
  N_("Pin 2 position"),
  /* two-slider: description of x2_0 */
  N_("Initial position of slider 2's pin on the horizontal rail (y = 0)"),
  /* two-slider: label of h */
  N_("Slider size h"),
  /* two-slider: description of h */
  N_("Characteristic slider length (edge contacts when a guide carries a moment)"),
  /* two-slider: label of rod */
  N_("Rod model"),
  /* two-slider: description of rod */
  N_("rigid, or flexible: three segments with axial spring-dampers k1, d1 (side 1), k2, d2 (side 2) (Wojtyra 2016, §4.2)"),
  /* two-slider: label of k1 */
  N_("Spring stiffness k1"),
  /* two-slider: description of k1 */
  N_("Flexible rod: axial stiffness next to slider 1"),
  /* two-slider: label of k2 */
  N_("Spring stiffness k2"),
  /* two-slider: description of k2 */
  N_("Flexible rod: axial stiffness next to slider 2"),
  /* two-slider: label of d1 */
  N_("Damping d1"),
  /* two-slider: description of d1 */
  N_("Flexible rod: axial damping next to slider 1"),
  /* two-slider: label of d2 */
  N_("Damping d2"),
  /* two-slider: description of d2 */
  N_("Flexible rod: axial damping next to slider 2"),
  /* two-slider: label of end_fraction */
  N_("End segment fraction"),
  /* two-slider: description of end_fraction */
  N_("Flexible rod: each end segment's share of the rod's length, mass and J3 (about its own centre); the middle segment's inertia makes the three keep J3 about the rod's centre"),
  /* two-slider: description of mu_s */
  N_("Static friction coefficient of both guides"),
  /* two-slider: description of mu_k */
  N_("Kinetic friction coefficient of both guides (<= mu_s)"),
  /* two-slider: label of treatment */
  N_("Redundancy treatment"),
  /* two-slider: description of treatment */
  N_("Exact law, both guides stuck: eliminate the rail-tangential equation of revolute 1 or 2, or take the pseudoinverse (Wojtyra 2016, Example 2)"),
  /* two-slider: label of gamma_1 */
  N_("Threshold velocity γ (guide 1)"),
  /* two-slider: label of k_tanh_1 */
  N_("tanh steepness k (guide 1)"),
  /* two-slider: label of sigma0_1 */
  N_("LuGre σ0 (guide 1)"),
  /* two-slider: label of sigma1_1 */
  N_("LuGre σ1 (guide 1)"),
  /* two-slider: label of sigma1_damping_1 */
  N_("LuGre damping (guide 1)"),
  /* two-slider: label of vartheta_1 */
  N_("LuGre ϑ (guide 1)"),
  /* two-slider: label of gamma_2 */
  N_("Threshold velocity γ (guide 2)"),
  /* two-slider: label of k_tanh_2 */
  N_("tanh steepness k (guide 2)"),
  /* two-slider: label of sigma0_2 */
  N_("LuGre σ0 (guide 2)"),
  /* two-slider: label of sigma1_2 */
  N_("LuGre σ1 (guide 2)"),
  /* two-slider: label of sigma1_damping_2 */
  N_("LuGre damping (guide 2)"),
  /* two-slider: label of vartheta_2 */
  N_("LuGre ϑ (guide 2)"),
  /* two-slider: label of P */
  N_("Rod load |P|"),
  /* two-slider: description of P */
  N_("Final magnitude of P along the rod (from pin 1 to pin 2), reached at t_P"),
  /* two-slider: label of t_P */
  N_("P ramp end"),
  /* two-slider: description of t_P */
  N_("P rises linearly from 0 at t = 0 to its final value at t_P"),
  /* two-slider: label of S1_start */
  N_("S1 initial"),
  /* two-slider: description of S1_start */
  N_("x component of S1 (on slider 1, perpendicular to its rail) until t_S1_on"),
  /* two-slider: label of S1_end */
  N_("S1 final"),
  /* two-slider: description of S1_end */
  N_("x component of S1 from t_S1_off on (Example 1: -5 N)"),
  /* two-slider: label of t_S1_on */
  N_("S1 change start"),
  /* two-slider: description of t_S1_on */
  N_("S1 changes linearly over [t_S1_on, t_S1_off]"),
  /* two-slider: label of t_S1_off */
  N_("S1 change end"),
  /* two-slider: label of S2_start */
  N_("S2 initial"),
  /* two-slider: description of S2_start */
  N_("y component of S2 (on slider 2, perpendicular to its rail) until t_S2_on"),
  /* two-slider: label of S2_end */
  N_("S2 final"),
  /* two-slider: description of S2_end */
  N_("y component of S2 from t_S2_off on (Example 1: -20 N)"),
  /* two-slider: label of t_S2_on */
  N_("S2 change start"),
  /* two-slider: description of t_S2_on */
  N_("S2 changes linearly over [t_S2_on, t_S2_off]"),
  /* two-slider: label of t_S2_off */
  N_("S2 change end"),
  /* one-mass: label of contact base */
  N_("base"),
  /* one-mass: label of column z */
  N_("block position"),
  /* one-mass: label of column v */
  N_("block velocity"),
  /* one-mass: label of column base.F */
  N_("friction force F"),
  /* one-mass: label of column base.N */
  N_("normal force N"),
  /* one-mass: label of column base.ratio */
  N_("|F|/N"),
  /* one-mass: label of column base.v */
  N_("slip velocity v"),
  /* one-mass: label of column base.stick */
  N_("stuck"),
  /* one-mass: label of column x_drive */
  N_("driver position"),
  /* one-mass: label of column spring.F */
  N_("spring force"),
  /* one-mass: label of column load.F */
  N_("applied force"),
  /* one-mass: label of column work.external */
  N_("external work"),
  /* one-mass: label of column energy.dissipated */
  N_("energy dissipated"),
  /* one-mass: label of column energy.kinetic */
  N_("kinetic energy"),
  /* one-mass: label of column energy.potential */
  N_("potential energy"),
  /* one-mass: label of column bristle */
  N_("bristle deflection"),
  /* dupont: label of contact slot */
  N_("slot"),
  /* dupont: label of column z */
  N_("position in the slot"),
  /* dupont: label of column v */
  N_("velocity in the slot"),
  /* dupont: label of column F1 */
  N_("force F1 along the slot"),
  /* dupont: label of column F2 */
  N_("force F2 on both masses"),
  /* two-block: label of contact 10 */
  N_("contact 1–0"),
  /* two-block: label of contact 20 */
  N_("contact 2–0"),
  /* two-block: label of contact 12 */
  N_("contact 1–2"),
  /* two-block: label of column z1 */
  N_("block 1 position"),
  /* two-block: label of column z2 */
  N_("block 2 position"),
  /* two-block: label of column v1 */
  N_("block 1 velocity"),
  /* two-block: label of column v2 */
  N_("block 2 velocity"),
  /* two-block: label of column F1 */
  N_("force F1 on block 1"),
  /* two-block: label of column F2 */
  N_("force F2 on block 2"),
  /* two-block: label of column sum.10+12 */
  N_("friction sum 1–0 + 1–2"),
  /* two-block: label of column sum.20-12 */
  N_("friction sum 2–0 − 1–2"),
  /* two-block: label of column a1 */
  N_("block 1 acceleration"),
  /* two-block: label of column a2 */
  N_("block 2 acceleration"),
  /* two-block: label of column case */
  N_("velocity case"),
  /* gear-train: label of contact bearing_psi */
  N_("ψ bearing"),
  /* gear-train: label of contact bearing_delta */
  N_("δ bearing"),
  /* gear-train: label of contact bearing_gamma */
  N_("γ bearing"),
  /* gear-train: label of contact bearing_phi */
  N_("ϕ bearing"),
  /* gear-train: label of gap element shaft_psi_delta+ */
  N_("shaft ψ–δ freeplay, + side"),
  /* gear-train: label of gap element shaft_psi_delta- */
  N_("shaft ψ–δ freeplay, − side"),
  /* gear-train: label of gap element mesh+ */
  N_("mesh freeplay, + side"),
  /* gear-train: label of gap element mesh- */
  N_("mesh freeplay, − side"),
  /* gear-train: label of gap element shaft_gamma_phi+ */
  N_("shaft γ–ϕ freeplay, + side"),
  /* gear-train: label of gap element shaft_gamma_phi- */
  N_("shaft γ–ϕ freeplay, − side"),
  /* gear-train: label of column psi */
  N_("angle ψ"),
  /* gear-train: label of column delta */
  N_("angle δ"),
  /* gear-train: label of column gamma */
  N_("angle γ"),
  /* gear-train: label of column phi */
  N_("angle ϕ"),
  /* gear-train: label of column psi_dot */
  N_("angular velocity ψ̇"),
  /* gear-train: label of column delta_dot */
  N_("angular velocity δ̇"),
  /* gear-train: label of column gamma_dot */
  N_("angular velocity γ̇"),
  /* gear-train: label of column phi_dot */
  N_("angular velocity ϕ̇"),
  /* gear-train: label of column bearing_psi.F */
  N_("friction moment"),
  /* gear-train: label of column bearing_psi.N */
  N_("normal load N"),
  /* gear-train: label of column M_psi */
  N_("drive moment Mψ"),
  /* gear-train: label of column M_phi */
  N_("load moment Mϕ"),
  /* gear-train: label of column shaft_psi_delta.M */
  N_("shaft ψ–δ moment"),
  /* gear-train: label of column mesh.M */
  N_("mesh moment"),
  /* gear-train: label of column mesh.F */
  N_("tooth force"),
  /* gear-train: label of column shaft_gamma_phi.M */
  N_("shaft γ–ϕ moment"),
  /* gear-train: label of column ground.M */
  N_("ground spring moment"),
  /* gear-train: label of column shaft_psi_delta.contact */
  N_("shaft ψ–δ engaged"),
  /* gear-train: label of column shaft_psi_delta.defl */
  N_("shaft ψ–δ deflection"),
  /* gear-train: label of column mesh.contact */
  N_("mesh engaged"),
  /* gear-train: label of column mesh.defl */
  N_("mesh deflection"),
  /* gear-train: label of column shaft_gamma_phi.contact */
  N_("shaft γ–ϕ engaged"),
  /* gear-train: label of column shaft_gamma_phi.defl */
  N_("shaft γ–ϕ deflection"),
  /* gear-train: label of column chain.contact */
  N_("chain ψ–ϕ engaged"),
  /* gear-train: label of column chain.defl */
  N_("chain ψ–ϕ deflection"),
  /* gear-train: label of gap element chain+ */
  N_("chain ψ–ϕ freeplay, + side"),
  /* gear-train: label of gap element chain- */
  N_("chain ψ–ϕ freeplay, − side"),
  /* slider-crank: label of contact O */
  N_("joint O"),
  /* slider-crank: label of contact A */
  N_("joint A"),
  /* slider-crank: label of contact B */
  N_("joint B"),
  /* slider-crank: label of contact guide */
  N_("guide"),
  /* slider-crank: label of column theta1 */
  N_("crank angle θ1"),
  /* slider-crank: label of column omega1 */
  N_("crank angular velocity ω1"),
  /* slider-crank: label of column theta2 */
  N_("rod angle θ2"),
  /* slider-crank: label of column omega2 */
  N_("rod angular velocity ω2"),
  /* slider-crank: label of column xB */
  N_("slider position xB"),
  /* slider-crank: label of column vB */
  N_("slider velocity vB"),
  /* slider-crank: label of column O.Rx */
  N_("reaction Rx"),
  /* slider-crank: label of column O.Ry */
  N_("reaction Ry"),
  /* slider-crank: label of column guide.Rn */
  N_("normal reaction Rn"),
  /* slider-crank: label of column guide.Rm */
  N_("reaction moment Rm"),
  /* slider-crank: label of column friction.generalised */
  N_("generalised friction moment"),
  /* slider-crank: label of column tau */
  N_("crank torque τ"),
  /* slider-crank: label of column constraint.error */
  N_("constraint error"),
  /* slider-crank-offset: label of column x3 */
  N_("slider position x3"),
  /* slider-crank-offset: label of column v3 */
  N_("slider velocity v3"),
  /* two-slider: label of contact slider1 */
  N_("slider 1"),
  /* two-slider: label of contact slider2 */
  N_("slider 2"),
  /* two-slider: label of column y1 */
  N_("slider 1 position y1"),
  /* two-slider: label of column x2 */
  N_("slider 2 position x2"),
  /* two-slider: label of column theta */
  N_("rod angle θ"),
  /* two-slider: label of column v1 */
  N_("slider 1 velocity v1"),
  /* two-slider: label of column v2 */
  N_("slider 2 velocity v2"),
  /* two-slider: label of column omega */
  N_("rod angular velocity ω"),
  /* two-slider: label of column slider1.released */
  N_("released"),
  /* two-slider: label of column stiction.incoherent */
  N_("incoherent friction directions"),
  /* two-slider: label of column split.alpha */
  N_("load split α"),
  /* two-slider: label of column split.alpha_min */
  N_("load split α, lowest while stuck"),
  /* two-slider: label of column split.alpha_max */
  N_("load split α, highest while stuck"),
  /* two-slider: label of column load.S1 */
  N_("load S1 on slider 1"),
  /* two-slider: label of column load.S2 */
  N_("load S2 on slider 2"),
  /* two-slider: label of column load.P */
  N_("rod load P"),
  /* two-slider: label of column spring1.e */
  N_("spring 1 extension"),
  /* two-slider: label of column spring1.F */
  N_("spring 1 force"),
  /* two-slider: label of column spring2.e */
  N_("spring 2 extension"),
  /* two-slider: label of column spring2.F */
  N_("spring 2 force"),
  /* dupont: example title */
  N_("Mass in a slot: stiction and reversals (Fig. 4)"),
  /* dupont: example citation */
  N_("Blajer & Markiewicz, §3, Fig. 4"),
  /* dupont: example note */
  N_("Dupont's example as Blajer & Markiewicz reproduce it: the force across the slot presses the mass against the wall through inertia, so the normal force and the friction limit pass through zero twice per period. Look at the shaded stiction intervals and at where the velocity crosses zero without sticking; the markers give the paper's instants. All agree within 0.1 s except the reversal the paper puts at 3.7 s: its own data place it at 3.18 s (an independent brute-force integration agrees), so the app takes 3.7 for a misprint."),
  /* dupont: example setting */
  N_("The paper's data"),
  /* dupont: a published value */
  N_("stiction ends"),
  /* dupont: a published value */
  N_("reversal without sticking"),
  /* dupont: a published value */
  N_("stiction begins"),
  /* slider-crank-1: example title */
  N_("Offset slider-crank with and without friction (Example 1)"),
  /* slider-crank-1: example citation */
  N_("Blajer & Markiewicz, §6.1, Example 1"),
  /* slider-crank-1: example note */
  N_("A crank, a coupler and a block on a guide, driven by a crank torque, with friction in the three pins and the guide. The paper shows its results as figures only and draws the torque without printing it, so there are no numbers to mark; the torque here (15 sin 3t N m) is the app's own. Compare the two settings: friction changes the motion substantially, and with friction the mechanism sticks as a whole while the torque cannot overcome it; the individual joint forces are then undetermined and left empty."),
  /* slider-crank-1: example setting */
  N_("With friction"),
  /* slider-crank-1: example setting */
  N_("Without friction (μ = 0)"),
  /* slider-crank-2: example title */
  N_("Hanging slider-crank with and without friction (Example 2)"),
  /* slider-crank-2: example citation */
  N_("Blajer & Markiewicz, §6.2, Example 2"),
  /* slider-crank-2: example note */
  N_("The crank and the rod hang along the guide under gravity and a sinusoidal crank torque. The paper shows figures only (the torque is drawn, not printed), so the torque amplitude and the massless slider are the app's choices and nothing is marked. Look at the stiction intervals, the slip-through reversals with their jump in acceleration, and the gaps in the joint forces while the mechanism is stuck, as in the paper's figures. The paper prints μts = 0.15 twice in its data; the second is the pins' μrs."),
  /* gear-train-levels: example title */
  N_("Steering gear at four modelling levels (Fig. 10)"),
  /* gear-train-levels: example citation */
  N_("Żardecki 2006, §4.1, Fig. 10"),
  /* gear-train-levels: example note */
  N_("A gear train with freeplay in the shafts and the mesh and friction in four bearings, from the full model (level 1) through the paper's three simplifications. The paper derives the reductions and prints no simulation, so nothing is marked: compare the levels instead. Level 2 stays close to level 1 because the gears' small inertias are overdamped; level 3 lumps the three freeplays into one gap of the chain; level 4 drops freeplay and dry friction. The app keeps separate static and kinetic bearing levels and, at level 4, the finite tooth stiffness (the paper lets it grow without bound); the parameters are a worm-and-sector steering gear of its own."),
  /* gear-train-levels: example setting */
  N_("Level 1: full model"),
  /* gear-train-levels: example setting */
  N_("Level 2: weightless gears"),
  /* gear-train-levels: example setting */
  N_("Level 3: reduced 2-DOF"),
  /* gear-train-levels: example setting */
  N_("Level 4: linear"),
  /* two-block: example title */
  N_("Two blocks, three frictional contacts (§4)"),
  /* two-block: example citation */
  N_("Żardecki 2007, §4"),
  /* two-block: example note */
  N_("Two blocks on a base pressed against each other: contacts 10 and 20 with the base, 12 between them. The paper derives the model for its five velocity cases without a numerical history; with the default loads the run visits all five (column 'case'). With both blocks stuck the three friction forces are indeterminate: only their sums on each block are shown, the individual forces are left empty. The paper's rule for total stiction (eq. 4.9-4.10) loses one constraint (error E1): in the second setting it gives accelerations of 3 m/s², so the speeds marked, but the blocks move together at 4 m/s² with contact 12 holding, which the app's exact projection computes. The marked speeds are the app's evaluation of the printed formula; the paper prints no such numbers."),
  /* two-block: example setting */
  N_("The five velocity cases"),
  /* two-block: example setting */
  N_("Error E1: equal forces"),
  /* two-block: a published value */
  N_("block 1's speed at 1 s by the printed eq. 4.9 (evaluated here; the paper prints no number)"),
  /* two-block: a published value */
  N_("block 2's speed at 2 s by the printed eq. 4.10 (evaluated here; the paper prints no number)"),
  /* wojtyra-1: example title */
  N_("Two sliders: possible reactions at rest (Example 1)"),
  /* wojtyra-1: example citation */
  N_("Wojtyra 2016, Example 1"),
  /* wojtyra-1: example note */
  N_("Locked by stiction, the two-slider mechanism is redundantly constrained: at given loads a whole family of reaction solutions fits, some within both friction cones and some not (the paper's solutions 16 and 17). From 3 s on the loads are Example 1's. Once the mechanism rests again (about 4.3 s) the load split chart shows the interval of α, the share of the rod's load through revolute 1, for which both guides can stick: 0.74 to 1, so solution 17 (α = 0.75) sticks and solution 16 (α = 0.5) does not. `stickslip-cli statics two-slider` prints the whole family. Nothing is marked: the example is about loads, not instants."),
  /* wojtyra-1: example setting */
  N_("Example 1 loads from 3 s"),
  /* wojtyra-2: example title */
  N_("Two sliders: three treatments of the redundant constraint (Example 2)"),
  /* wojtyra-2: example citation */
  N_("Wojtyra 2016, Example 2"),
  /* wojtyra-2: example note */
  N_("Exact Coulomb friction with constraint addition-deletion: while both guides stick the equilibrium has one equation too many, and the treatment chooses the solution, so it decides when friction gives way. Eliminating revolute 1, guide 2 reaches its static maximum first and the mechanism slips later; eliminating revolute 2 it never slips; with the pseudoinverse the friction directions are incoherent at first. The markers give the paper's instants. Not reproduced: the pseudoinverse's late times (guide 1 at its maximum at 2.98 s, slip at 3.59 s). The release comes just before the loads stop changing at 3 s, the slip 0.59 s after; with constant loads no consistent rigid model changes state, so the app releases and slips earlier (1.97 and 2.58 s). The default loads are calibrated for Examples 2-5: four load values (the ends of the two ramps) were chosen against nine of the paper's instants (docs/two-slider.md), so the markers' agreement is by design, not an independent check."),
  /* wojtyra-2: example setting */
  N_("Eliminate revolute 1"),
  /* wojtyra-2: a published value */
  N_("guide 2 at its static maximum"),
  /* wojtyra-2: a published value */
  N_("the mechanism slips"),
  /* wojtyra-2: example setting */
  N_("Eliminate revolute 2"),
  /* wojtyra-2: a published value */
  N_("the mechanism never slips"),
  /* wojtyra-2: example setting */
  N_("Pseudoinverse"),
  /* wojtyra-2: a published value */
  N_("incoherent friction directions end"),
  /* wojtyra-2: a published value */
  N_("guide 1 at its static maximum"),
  /* wojtyra-3: example title */
  N_("Two sliders, regularised friction (Example 3)"),
  /* wojtyra-3: example citation */
  N_("Wojtyra 2016, Example 3"),
  /* wojtyra-3: example note */
  N_("Regularised Coulomb friction: below each guide's velocity γ friction grows with speed, so a guide that holds still creeps, and the two γ decide how the load is shared. With equal γ both guides only creep, with no gross motion (the paper's drift speeds are about 9.4e-6 and 3.9e-6 m/s). With γ1 = 2γ2 the mechanism slips; the marker gives when the paper's friction reaches its maximum. The app's slip event is when a guide's speed passes its γ, where regularised friction is largest, so the two coincide. The default loads are calibrated for Examples 2-5: four load values (the ends of the two ramps) were chosen against nine of the paper's instants (docs/two-slider.md), so the markers' agreement is by design, not an independent check."),
  /* wojtyra-3: example setting */
  N_("γ1 = γ2"),
  /* wojtyra-3: a published value */
  N_("guide 1 never slips"),
  /* wojtyra-3: a published value */
  N_("guide 2 never slips"),
  /* wojtyra-3: example setting */
  N_("γ1 = 2γ2"),
  /* wojtyra-3: a published value */
  N_("friction at its maximum (slip)"),
  /* wojtyra-4: example title */
  N_("Two sliders, LuGre friction (Example 4)"),
  /* wojtyra-4: example citation */
  N_("Wojtyra 2016, Example 4"),
  /* wojtyra-4: example note */
  N_("LuGre friction: each guide's bristle stiffness σ0 decides how the load is shared. With equal σ0 the mechanism slips; the markers give when each guide's friction peaks and when both fall to the kinetic level. The app's slip events are when a guide's speed passes v_stick, about 0.02 s before its friction peaks. With σ0,1 = 2σ0,2 nothing moves. The default loads are calibrated for Examples 2-5: four load values (the ends of the two ramps) were chosen against nine of the paper's instants (docs/two-slider.md), so the markers' agreement is by design, not an independent check."),
  /* wojtyra-4: example setting */
  N_("Equal σ0"),
  /* wojtyra-4: a published value */
  N_("guide 1 friction at its maximum"),
  /* wojtyra-4: a published value */
  N_("guide 2 friction at its maximum"),
  /* wojtyra-4: a published value */
  N_("friction at the kinetic level"),
  /* wojtyra-4: example setting */
  N_("σ0,1 = 2σ0,2"),
  /* wojtyra-5: example title */
  N_("Two sliders, flexible rod (Example 5)"),
  /* wojtyra-5: example citation */
  N_("Wojtyra 2016, Example 5"),
  /* wojtyra-5: example note */
  N_("The rod in three segments joined by axial springs: the mechanism is no longer redundant, each guide sticks and slips on its own and, with both stuck, the springs fix the split (α = k1/(k1 + k2)). With k1 = k2 it behaves like the rigid rod and the guides slip one after the other (markers); with k1 = 3k2 both stay stuck, with the paper's solution 17. The paper runs this with every friction law: change the law to compare. The default loads are calibrated for Examples 2-5: four load values (the ends of the two ramps) were chosen against nine of the paper's instants (docs/two-slider.md), so the markers' agreement is by design, not an independent check."),
  /* wojtyra-5: example setting */
  N_("k1 = k2"),
  /* wojtyra-5: a published value */
  N_("guide 1 slips"),
  /* wojtyra-5: a published value */
  N_("guide 2 slips"),
  /* wojtyra-5: example setting */
  N_("k1 = 3k2"),
  /* two-slider-gamma: study preset title */
  N_("Two sliders: first slip over γ1 (regularised law, γ2 = 1e-5 m/s)"),
  /* two-slider-gamma: study preset description */
  N_("Wojtyra 2016, Example 3: the regularised law's velocities γ1 and γ2 decide whether the mechanism slips. With γ1 = γ2 it stays stuck (no first slip); from γ1 = 1.8 γ2 on it slips, near 1.95 s at γ1 = 2 γ2."),
  /* two-slider-sigma0: study preset title */
  N_("Two sliders: first slip over σ0_1 (LuGre law, σ0_2 = 1e5 1/m)"),
  /* two-slider-sigma0: study preset description */
  N_("Wojtyra 2016, Example 4: the LuGre law's bristle stiffnesses σ0_1 and σ0_2 decide whether the mechanism slips. With σ0_1 = σ0_2 it slips near 1.92 s; with σ0_1 = 2 σ0_2 it stays stuck (no first slip)."),
  /* two-slider-gamma-grid: study preset title */
  N_("Two sliders: first slip over γ1 and γ2 (regularised law)"),
  /* two-slider-gamma-grid: study preset description */
  N_("The regularised law's velocities γ1 and γ2 on a logarithmic grid: whether and when the sliders first slip depends on the ratio γ1/γ2, so the slips lie along a diagonal band."),
  /* gear-train-mesh: study preset title */
  N_("Gear train (full model): first slip of the γ and ϕ bearings over the mesh stiffness"),
  /* gear-train-mesh: study preset description */
  N_("Żardecki 2006, the full 4-DOF gear train: the tooth stiffness k_delta_gamma from 1 to 1e5 N m/rad. A soft mesh delays the first slip of the γ bearing and keeps the ϕ bearing stuck (no first slip) below about 5 N m/rad."),
  NULL
};
